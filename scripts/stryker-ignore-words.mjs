// A Stryker ignorer (stryker.config.mjs): what a call `logger.info|warn|error|debug(...)`
// is given is words for whoever reads the log; the first argument of
// `storage.attempt('the sync state', ...)` names what could not be written for whoever
// reads the status; a pass's skip reason is for the command that asked. Delivery never
// reads them, nor does the simulation, so their mutants are reported as Ignored rather
// than as survivors.
const LEVELS = new Set(['info', 'warn', 'error', 'debug']);

const isMember = (callee, object, property) =>
  callee.type === 'MemberExpression' &&
  callee.object.type === 'Identifier' &&
  object(callee.object.name) &&
  callee.property.type === 'Identifier' &&
  property(callee.property.name);

/** The label of a storage attempt: `storage.attempt('a release', ...)` (or `deps.storage`). */
function isStorageLabel(path) {
  if (path.node.type !== 'StringLiteral') return false;
  const call = path.parent;
  if (call?.type !== 'CallExpression' || call.arguments[0] !== path.node) return false;
  const { callee } = call;
  if (callee.type !== 'MemberExpression' || callee.property.name !== 'attempt') return false;
  const owner = callee.object;
  return (
    (owner.type === 'Identifier' && owner.name === 'storage') ||
    (owner.type === 'MemberExpression' && owner.property.name === 'storage')
  );
}

/**
 * Why a pass did nothing (`emptySummary('paused')`): words for the caller (the CLI's `sync`
 * prints them). Not 'throttled', which the engine reads itself (an idle probe follows it).
 */
function isSkipReason(path) {
  if (path.node.type !== 'StringLiteral' || path.node.value === 'throttled') return false;
  const call = path.parent;
  return (
    call?.type === 'CallExpression' &&
    call.callee.type === 'Identifier' &&
    call.callee.name === 'emptySummary'
  );
}

// A value plugin, as @stryker-mutator/api's declareValuePlugin('Ignore', ...) would make it.
export const strykerPlugins = [
  {
    kind: 'Ignore',
    name: 'words-for-a-person',
    value: {
      shouldIgnore(path) {
        if (isStorageLabel(path))
          return "A storage problem's label: words for a person, which delivery never reads";
        if (isSkipReason(path))
          return "A pass's skip reason: words for its caller, which delivery never reads";
        // The call, and the statement it is (which a mutant may remove whole).
        const call = path.isExpressionStatement() ? path.node.expression : path.node;
        if (call.type !== 'CallExpression') return undefined;
        const isLog = isMember(
          call.callee,
          (name) => name === 'logger',
          (name) => LEVELS.has(name),
        );
        return isLog ? 'A log line: words for a person, which delivery never reads' : undefined;
      },
    },
  },
];
