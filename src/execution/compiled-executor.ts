// Compiled execution (docs/architecture.md, "Execution"; docs/performance.md): an eligible query
// runs as a graphql-jit function, compiled once per parsed document and condition vector and
// cached with the document, instead of being interpreted by graphql-js on every request. Apollo
// Server keeps parsing, validation, plugins and error formatting; only `execute` changes (it
// reaches Apollo through executor-gateway.ts).
//
// The answer is always graphql-js's. graphql-js itself coerces the variables (defaults, coercion
// errors) and evaluates `@include`/`@skip` (condition-variants.ts); graphql-jit runs the variant of
// the operation with the conditions resolved, on the coerced values. graphql-js runs:
//   - a request whose operation Apollo could not resolve (no operation, an unknown name...), so
//     graphql-js reports it (400 OPERATION_RESOLUTION_FAILURE);
//   - every operation eligibility.ts does not admit (mutations, variables inside literals...):
//     only what test/gateway/differential.test.ts proves identical runs compiled;
//   - federated tracing (`apollo-federation-include-trace: ftv1`): Apollo's trace plugin hooks
//     every field resolver, which only graphql-js drives;
//   - variables graphql-js refuses, and conditions it cannot evaluate (a null condition
//     variable), so the error is its own;
//   - an operation past MAX_VARIANTS condition vectors, or one graphql-jit refuses to compile;
//   - an answer whose errors graphql-jit may report unlike graphql-js (below), computed again.
// Each path is counted in `graphql_executions_total{executor, reason}`.
import { execute, GraphQLError, GraphQLSchema, type DocumentNode, type ExecutionResult, type OperationDefinitionNode } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import type { GatewayExecutor, GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import type { ExecutionCounter, ExecutionReason } from './metrics.ts';
import { ineligibility } from './eligibility.ts';
import { coercedVariables } from './coerced-variables.ts';
import { COERCED_VARIABLE, conditionedOperation, conditionVector, variantDocument, type ConditionedOperation } from './condition-variants.ts';
import { FEDERATED_TRACE_HEADER } from '../apollo-plugins/inline-trace.ts';

/**
 * Condition vectors compiled per operation: a document with n conditions has up to 2^n variants;
 * clients use a few. Past the bound graphql-js runs the rest, so a document cannot make the
 * gateway compile without end.
 */
export const MAX_VARIANTS = 16;

interface CompiledExecutorOptions {
  /** The schema Apollo validates against and graphql-js executes (Apollo may instrument its resolvers). */
  schema: GraphQLSchema;
  /** A separate instance of the same schema that only graphql-jit reads, so Apollo's instrumentation never reaches compiled code. */
  compileSchema: GraphQLSchema;
  count: ExecutionCounter;
  /** The context graphql-js computes a compiled answer again with (the server's: `replayingContext`, context.ts); by default the same. */
  recomputationContext?: (context: unknown) => unknown;
}

type Fallback = Exclude<ExecutionReason, 'compiled'>;

/** An eligible operation: its conditions, and per condition vector the compiled variant (or why graphql-js runs it). */
interface OperationPlan extends ConditionedOperation {
  variants: Map<string, CompiledQuery | Fallback>;
}

// Per parsed document (Apollo's document cache hands back the same DocumentNode for the same
// query text), per operation name: the operation's plan, or why graphql-js runs the operation.
type Plan = OperationPlan | Fallback;

/** An Apollo Server gateway executor that runs eligible queries compiled, everything else on graphql-js. */
export function compiledExecutor({ schema, compileSchema, count, recomputationContext = (context) => context }: CompiledExecutorOptions): GatewayExecutor {
  const cache = new WeakMap<DocumentNode, Map<string, Plan>>();
  // The compile schema with the pass-through scalar variants declare their variables with.
  const jitSchema = new GraphQLSchema({ ...compileSchema.toConfig(), types: [...Object.values(compileSchema.getTypeMap()), COERCED_VARIABLE] });

  function plan(document: DocumentNode, operation: OperationDefinitionNode, operationName: string | null): Plan {
    let byOperation = cache.get(document);
    if (!byOperation) cache.set(document, (byOperation = new Map<string, Plan>()));
    const key = operationName ?? '';
    let entry = byOperation.get(key);
    if (entry === undefined) {
      entry = ineligibility(schema, document, operation) ?? { ...conditionedOperation(document, operation), variants: new Map() };
      byOperation.set(key, entry);
    }
    return entry;
  }

  function variant(operation: OperationPlan, vector: string): CompiledQuery | Fallback {
    let entry = operation.variants.get(vector);
    if (entry !== undefined) return entry;
    if (operation.variants.size >= MAX_VARIANTS) return 'variants';
    const result = compileQuery(jitSchema, variantDocument(operation, vector));
    entry = isCompiledQuery(result) ? result : 'uncompilable';
    operation.variants.set(vector, entry);
    return entry;
  }

  const interpreted = (request: GatewayGraphQLRequestContext, reason: Fallback, contextValue: unknown = request.context): Promise<ExecutionResult> => {
    count('graphql-js', reason);
    return Promise.resolve(
      execute({
        schema,
        document: request.document,
        contextValue,
        variableValues: request.request.variables,
        // The name the caller sent, not the one Apollo resolved: when none resolved, graphql-js
        // words the failure from it ("Unknown operation named ...").
        operationName: request.request.operationName,
      }),
    );
  };

  return async (request) => {
    // Apollo calls the executor even when no operation resolved; graphql-js reports why.
    if (!request.operation) return interpreted(request, 'no-operation');
    if (request.request.http?.headers.get(FEDERATED_TRACE_HEADER) === 'ftv1') return interpreted(request, 'tracing');
    const operation = plan(request.document, request.operation, request.operationName);
    if (typeof operation === 'string') return interpreted(request, operation);
    const variables = coercedVariables(schema, request.operation, request.request.variables);
    if (variables.errors) return interpreted(request, 'variables');
    const vector = conditionVector(operation.conditioned, variables.coerced);
    if (vector === null) return interpreted(request, 'condition');
    const query = variant(operation, vector);
    if (typeof query === 'string') return interpreted(request, query);
    count('graphql-jit', 'compiled');
    const result = await query.query(undefined, request.context, variables.coerced);
    if (!result.errors) return result;
    // A non-null field failed and nulled an object around other errors: graphql-jit may report
    // errors of fields graphql-js never completed once that field failed (test/gateway/differential.test.ts,
    // "a non-null field failing before a failing sibling"). The answer is graphql-js's, computed
    // again from the upstream answers the first run read, each delivered as the network did
    // (`recomputationContext`): nothing is read twice, and errors come in a first run's order.
    if (result.errors.length > 1 && nulledAroundAnError(result)) return interpreted(request, 'recomputed', recomputationContext(request.context));
    return { ...result, errors: result.errors.map(asGraphQLJsError) };
  };
}

/** Some error's field lies under an object the answer nulled (a non-null field's failure propagated). */
function nulledAroundAnError({ data, errors }: ExecutionResult): boolean {
  return (errors ?? []).some((error) => {
    let value: unknown = data;
    for (const key of (error.path ?? []).slice(0, -1)) {
      if (value === null || typeof value !== 'object') return true;
      value = (value as Record<string | number, unknown>)[key];
    }
    return value === null || value === undefined;
  });
}

/**
 * graphql-jit's errors inherit from graphql-js's GraphQLError but may lack `extensions`, which
 * Apollo's error formatting (and our formatError) expect on every error: rebuild them as
 * graphql-js builds them (extensions taken from the original error).
 */
function asGraphQLJsError(error: GraphQLError): GraphQLError {
  const rebuilt = new GraphQLError(error.message, {
    path: error.path,
    ...(error.originalError ? { originalError: error.originalError } : {}),
    ...(error.extensions ? { extensions: error.extensions } : {}),
  });
  if (error.locations) Object.defineProperty(rebuilt, 'locations', { value: error.locations, enumerable: true });
  return rebuilt;
}
