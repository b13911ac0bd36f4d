// A Stryker ignorer (stryker.config.mjs): what a call `logger.info|warn|error|debug(...)`
// is given is words for whoever reads the log. Delivery never reads it, nor does the
// simulation, so its mutants are reported as Ignored rather than as survivors.
const LEVELS = new Set(['info', 'warn', 'error', 'debug']);

// A value plugin, as @stryker-mutator/api's declareValuePlugin('Ignore', ...) would make it.
export const strykerPlugins = [
  {
    kind: 'Ignore',
    name: 'log-calls',
    value: {
      shouldIgnore(path) {
        // The call, and the statement it is (which a mutant may remove whole).
        const call = path.isExpressionStatement() ? path.node.expression : path.node;
        if (call.type !== 'CallExpression') return undefined;
        const { callee } = call;
        const isLog =
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'logger' &&
          callee.property.type === 'Identifier' &&
          LEVELS.has(callee.property.name);
        return isLog ? 'A log line: words for a person, which delivery never reads' : undefined;
      },
    },
  },
];
