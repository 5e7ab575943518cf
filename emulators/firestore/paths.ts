import { invalidArgument } from './errors';

/**
 * Resource names: `projects/{project}/databases/{database}/documents/{path}`.
 * A document path has an even number of segments (collection/id/…), a
 * collection path an odd number.
 */

/** The database part of a resource name. */
export interface DatabaseName {
  project: string;
  database: string;
}

const PREFIX = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:\/(.*))?$/;

/**
 * Splits a resource name into its database and the path under /documents
 * ('' for the root).
 * @throws RpcError INVALID_ARGUMENT for a malformed name.
 */
export function parseResourceName(name: string): { database: DatabaseName; path: string } {
  const match = PREFIX.exec(name);
  if (!match) throw invalidArgument(`Invalid resource name: "${name}"`);
  const path = match[3] ?? '';
  if (path !== '' && path.split('/').some((segment) => segment === '')) {
    throw invalidArgument(`Invalid resource name: "${name}" has an empty path segment`);
  }
  return { database: { project: decodeURIComponent(match[1] ?? ''), database: decodeURIComponent(match[2] ?? '') }, path };
}

/**
 * The document path of a document resource name, checked to belong to
 * `database` and to name a document (even number of segments).
 * @throws RpcError INVALID_ARGUMENT otherwise.
 */
export function documentPath(name: string, database: DatabaseName): string {
  const parsed = parseResourceName(name);
  if (parsed.database.project !== database.project || parsed.database.database !== database.database) {
    throw invalidArgument(`Document "${name}" is not in database projects/${database.project}/databases/${database.database}`);
  }
  const segments = parsed.path.split('/');
  if (parsed.path === '' || segments.length % 2 !== 0) throw invalidArgument(`"${name}" is not a document name`);
  return parsed.path;
}

/** The resource name of the document at `path`. */
export function documentName(database: DatabaseName, path: string): string {
  return `projects/${database.project}/databases/${database.database}/documents/${path}`;
}

/** The id of the collection holding the document at `path`. */
export function collectionIdOf(path: string): string {
  const segments = path.split('/');
  return segments[segments.length - 2] ?? '';
}

/** The path of the collection holding the document at `path`. */
export function parentCollectionOf(path: string): string {
  return path.split('/').slice(0, -1).join('/');
}
