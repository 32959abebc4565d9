import { findModel, type CatalogModel } from '../../gateway';

/** A model's name as people read it; a model no longer in the catalog keeps its id. */
export function modelName(catalog: readonly CatalogModel[], modelId: string): string {
  return findModel(catalog, modelId)?.displayName ?? modelId;
}

export function modelProvider(catalog: readonly CatalogModel[], modelId: string): string {
  return findModel(catalog, modelId)?.provider ?? modelId.split('/')[0] ?? modelId;
}

/** A ratio for the answers: 0 when there is nothing to divide by. */
export function shareOf(part: number, whole: number): number {
  return whole > 0 ? part / whole : 0;
}
