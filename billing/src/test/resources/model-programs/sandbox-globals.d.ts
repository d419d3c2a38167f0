// What the sandbox defines beyond ECMAScript (see prelude.js): console, whose output comes back with the result.
declare const console: {
  log(...values: unknown[]): void;
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
  debug(...values: unknown[]): void;
};
