import { roleGrantsScope, walletMessages } from '../../contracts';
import type { CatalogModel } from '../../gateway';
import { AppError } from '../http/app-error';
import { type Caller, callerAccess } from '../http/context';
import { centsDecimal, wholeCents } from '../../money';

/**
 * The 402 of a paid model the organisation's wallet cannot pay for, decided before the model is
 * called: people who manage billing are told to top up (with what is available), others to ask an
 * administrator; both that the free local model keeps working, when it is offered.
 */
export function walletCannotPay(
  dependencies: { localModelEnabled: boolean },
  caller: Caller,
  model: CatalogModel,
  availablePicodollars: bigint,
): AppError {
  const name = `${model.displayName} (${model.id})`;
  const text = roleGrantsScope(callerAccess(caller), 'billing')
    ? walletMessages.walletEmptyForBilling(name, centsDecimal(wholeCents(availablePicodollars, 'down')))
    : walletMessages.walletEmptyForMember(name);
  return new AppError(
    'payment_required',
    dependencies.localModelEnabled ? `${text} ${walletMessages.localModelStillFree}` : text,
  );
}
