/** Ids in paths and bodies are checked by the contracts' schemas; services that take ids from elsewhere use this. */
export { isUuid } from '../../contracts';
