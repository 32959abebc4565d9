import type { CatalogModel, ProviderName } from '../../gateway';

/** Why a paid model is missing from Auto's choice while the wallet cannot pay, as the decision's considered list says it. */
export const walletCannotPayNote = "Your organization's wallet cannot pay for it";

/**
 * The models Auto may still choose among when the organisation's wallet cannot pay (issue 21,
 * item 3): those called with the organisation's own keys or the embedded model cost the wallet
 * nothing (docs/decisions/022); the others are left out, each with why.
 */
export function walletFreeModels(
  available: readonly CatalogModel[],
  walletPaid: ReadonlySet<ProviderName>,
): { free: CatalogModel[]; leftOut: { model: CatalogModel; note: string }[] } {
  const costsWallet = (model: CatalogModel) => walletPaid.has(model.provider);
  return {
    free: available.filter((model) => !costsWallet(model)),
    leftOut: available.filter(costsWallet).map((model) => ({ model, note: walletCannotPayNote })),
  };
}

/** What the reason adds when the wallet could not pay: which models answered instead. */
export function walletFreeReason(served: CatalogModel): string {
  const instead =
    served.provider === 'local'
      ? 'the free local model answered'
      : "a model on your organization's own provider key answered";
  return `your organization's wallet cannot pay for paid models, so ${instead} (it costs the wallet nothing)`;
}
