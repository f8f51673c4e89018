import { createRequire } from 'node:module';
import { loadContract } from '../../server/http/contract';

type Schema = Record<string, any>;
type Validator = ((data: unknown) => boolean) & { errors?: unknown };

// The ajv 8 that Fastify itself uses, with the whole contract added once.
const requireFromFastify = createRequire(import.meta.resolve('@fastify/ajv-compiler'));
const Ajv = requireFromFastify('ajv').default as new (options: object) => {
  addSchema(schema: object, key: string): void;
  compile(schema: object): Validator;
};
const addFormats = createRequire(import.meta.resolve('ajv-formats'))('ajv-formats').default as (ajv: object) => void;
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const contract = loadContract() as unknown as Schema;
ajv.addSchema(contract, 'contract');

const pointer = (...segments: string[]) => segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const compiled = new Map<string, Validator | null>();

/**
 * The validator of the JSON body an operation declares for a status (`path` as in the yaml,
 * e.g. /api/v1/blog/posts/{id}), or null when that status has no JSON body. Compiled once.
 */
export function responseValidator(path: string, method: string, status: number): Validator | null {
  const key = `${method} ${path} ${status}`;
  if (!compiled.has(key)) {
    const declared = contract.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)] as Schema | undefined;
    const target = declared?.$ref ? contract.components.responses[declared.$ref.split('/').pop()!] : declared;
    const at = declared?.$ref
      ? `contract${declared.$ref}/content/application~1json/schema`
      : `contract#/${pointer('paths', path, method.toLowerCase(), 'responses', String(status))}/content/application~1json/schema`;
    compiled.set(key, target?.content?.['application/json'] ? ajv.compile({ $ref: at }) : null);
  }
  return compiled.get(key)!;
}
