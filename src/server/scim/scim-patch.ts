import { ScimError } from './scim-errors';
import { matchesValue, parseScimFilter, stripSchemaPrefix, type ScimComparison } from './scim-filter';

interface PatchOperation {
  op: string;
  path?: string;
  value?: unknown;
}

/** The attributes of a resource a PATCH may touch, in their canonical spelling; which of them hold lists. */
export interface PatchableAttributes {
  schema: string;
  names: readonly string[];
  multiValued: readonly string[];
}

interface AttributePath {
  attribute: string;
  filter?: ScimComparison;
  subAttribute?: string;
}

type Resource = Record<string, unknown>;

const pathPattern = /^([A-Za-z][\w$-]*)(?:\[(.+)\])?(?:\.([A-Za-z][\w$-]*))?$/;
const isRecord = (value: unknown): value is Resource =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Applies RFC 7644 section 3.5.2 operations to a copy of a resource: add, replace and remove (in
 * any letter case, as Entra ID sends them), with or without a path, paths with a value filter
 * (`emails[type eq "work"].value`, `members[value eq "…"]`). Attributes this product does not keep
 * (titles, addresses, extension schemas) are passed over, as directories send them all. The
 * service checks the result as it checks a PUT.
 */
export function applyScimPatch(resource: Resource, operations: unknown, attributes: PatchableAttributes): Resource {
  if (!Array.isArray(operations) || operations.length === 0)
    throw new ScimError(400, 'Operations must be a non-empty list', 'invalidSyntax');
  const patched = structuredClone(resource);
  for (const operation of operations as PatchOperation[]) {
    if (!isRecord(operation)) throw new ScimError(400, 'Each operation must be an object', 'invalidSyntax');
    const op = String(operation.op ?? '').toLowerCase();
    if (op !== 'add' && op !== 'replace' && op !== 'remove')
      throw new ScimError(400, `Unknown operation '${String(operation.op)}'`, 'invalidSyntax');
    if (operation.path === undefined || operation.path === '') {
      if (op === 'remove') throw new ScimError(400, 'A remove operation needs a path', 'noTarget');
      if (!isRecord(operation.value))
        throw new ScimError(400, 'An operation without a path needs an object value', 'invalidValue');
      for (const [key, value] of Object.entries(operation.value)) {
        const path = parsePath(key, attributes);
        if (path) applyAt(patched, path, op, value, attributes);
      }
      continue;
    }
    if (typeof operation.path !== 'string') throw new ScimError(400, 'path must be a string', 'invalidPath');
    const path = parsePath(operation.path, attributes);
    if (path) applyAt(patched, path, op, operation.value, attributes);
  }
  return patched;
}

/** The path in canonical spelling; undefined for an attribute this product does not keep. */
function parsePath(text: string, attributes: PatchableAttributes): AttributePath | undefined {
  const path = stripSchemaPrefix(text.trim(), attributes.schema);
  if (path.toLowerCase().startsWith('urn:')) return undefined;
  const match = pathPattern.exec(path);
  if (!match) throw new ScimError(400, `Unsupported path: ${text.slice(0, 200)}`, 'invalidPath');
  const [, attributeText, filterText, subAttribute] = match;
  const lowerAttribute = attributeText!.toLowerCase();
  const attribute = attributes.names.find((name) => name.toLowerCase() === lowerAttribute);
  if (!attribute) return undefined;
  return { attribute, filter: filterText ? parseScimFilter(filterText) : undefined, subAttribute };
}

/** The record's own key for a name in any case, or the name as written when it has none yet. */
function keyOf(record: Resource, name: string): string {
  const lower = name.toLowerCase();
  return Object.keys(record).find((key) => key.toLowerCase() === lower) ?? name;
}

function applyAt(resource: Resource, path: AttributePath, op: string, value: unknown, attributes: PatchableAttributes) {
  const { attribute, filter, subAttribute } = path;
  const multiValued = attributes.multiValued.includes(attribute);
  if (filter) return applyToMatches(resource, path, op, value);
  if (subAttribute) {
    const sub = subAttribute;
    if (multiValued) {
      // 'emails.value' without a filter: the primary (or only) value.
      const list = Array.isArray(resource[attribute]) ? (resource[attribute] as Resource[]) : [];
      const target = list.find((item) => item.primary === true) ?? list[0];
      if (op === 'remove') {
        if (target) delete target[keyOf(target, sub)];
      } else if (target) target[keyOf(target, sub)] = value;
      else resource[attribute] = [{ [subAttribute]: value, primary: true }];
      return;
    }
    const inner = isRecord(resource[attribute]) ? (resource[attribute] as Resource) : {};
    if (op === 'remove') delete inner[keyOf(inner, sub)];
    else inner[keyOf(inner, sub)] = value;
    resource[attribute] = inner;
    return;
  }
  if (op === 'remove') {
    if (multiValued && Array.isArray(value) && Array.isArray(resource[attribute])) {
      // Entra ID removes members by value: { op: 'Remove', path: 'members', value: [{ value: '…' }] }.
      const leaving = new Set(value.filter(isRecord).map((item) => String(item.value)));
      resource[attribute] = (resource[attribute] as Resource[]).filter((item) => !leaving.has(String(item.value)));
    } else delete resource[attribute];
    return;
  }
  if (multiValued) {
    const incoming = (Array.isArray(value) ? value : [value]).filter((item) => item !== null && item !== undefined);
    if (op === 'replace') {
      resource[attribute] = incoming;
      return;
    }
    const current = Array.isArray(resource[attribute]) ? (resource[attribute] as unknown[]) : [];
    const known = new Set(current.filter(isRecord).map((item) => String(item.value)));
    resource[attribute] = [...current, ...incoming.filter((item) => !isRecord(item) || !known.has(String(item.value)))];
    return;
  }
  if (op === 'add' && isRecord(value) && isRecord(resource[attribute])) {
    resource[attribute] = { ...(resource[attribute] as Resource), ...value };
    return;
  }
  resource[attribute] = value;
}

function applyToMatches(resource: Resource, path: AttributePath, op: string, value: unknown) {
  const { attribute, filter, subAttribute } = path as Required<Pick<AttributePath, 'filter'>> & AttributePath;
  const list = Array.isArray(resource[attribute]) ? (resource[attribute] as Resource[]) : [];
  const matches = (item: Resource) => isRecord(item) && matchesValue(item[keyOf(item, filter.attribute)], filter.value);
  if (op === 'remove') {
    if (subAttribute) {
      for (const item of list.filter(matches)) delete item[keyOf(item, subAttribute)];
      resource[attribute] = list;
    } else resource[attribute] = list.filter((item) => !matches(item));
    return;
  }
  let targets = list.filter(matches);
  if (targets.length === 0) {
    const created: Resource = { [filter.attribute]: filter.value };
    list.push(created);
    targets = [created];
  }
  for (const target of targets) {
    if (subAttribute) target[keyOf(target, subAttribute)] = value;
    else if (isRecord(value)) Object.assign(target, value);
  }
  resource[attribute] = list;
}
