// Runs once in every fresh context, before the context is handed to a pass (ContextPool prepares contexts
// ahead of the passes). It captures the built-ins it relies on (so a program that replaces JSON, Promise or
// Reflect changes nothing here), installs the frozen namespace objects and console, and returns
// {start, settle} to the host. `host` never becomes reachable from a global.
(function (host, specText, maxResultChars) {
  'use strict';
  const parse = JSON.parse;
  const stringify = JSON.stringify;
  const freeze = Object.freeze;
  const create = Object.create;
  const defineProperty = Object.defineProperty;
  const keys = Object.keys;
  const apply = Reflect.apply;
  const P = Promise;
  const then = Promise.prototype.then;
  const ErrorType = Error;
  const toText = String;

  const objectToString = Object.prototype.toString;
  const arrayToString = Array.prototype.toString;
  const isArray = Array.isArray;
  const getPrototypeOf = Object.getPrototypeOf;
  const SHOWN_CHARS = 200;

  // How a thrown or logged value reads in a message. An object or array that keeps the built-in toString is
  // shown as its JSON (cut at 200 characters), not as String() would: Array.prototype.toString joins nested
  // arrays recursively, so a deeply nested array thrown by a program used to end the pass as the program
  // recursing past the stack limit, which it had not done. An object with a toString of its own is shown by it.
  const errorText = (e) => {
    try {
      if (e instanceof ErrorType) {
        return toText(e.name) + ': ' + toText(e.message);
      }
      if (typeof e === 'function') {
        return 'a function';
      }
      if (e !== null && typeof e === 'object' && (e.toString === objectToString || e.toString === arrayToString
          || getPrototypeOf(e) === null)) {
        const json = stringify(e);
        if (typeof json !== 'string') {
          return isArray(e) ? 'an array' : 'an object';
        }
        return json.length > SHOWN_CHARS ? json.slice(0, SHOWN_CHARS) + '...' : json;
      }
    } catch (_) {
      // A hostile getter on name or message, or a value JSON cannot hold (a cycle, or nesting deeper than
      // stringify's stack).
      if (e !== null && typeof e === 'object' && !(e instanceof ErrorType)) {
        return (isArray(e) ? 'an array' : 'an object') + ' that cannot be shown as JSON (it is cyclic or nested too deeply)';
      }
    }
    try {
      return toText(e);
    } catch (_) {
      return 'a value that cannot be printed';
    }
  };

  const thrownJson = (e) => {
    try {
      if (e instanceof ErrorType) {
        return stringify({ name: toText(e.name), message: toText(e.message) });
      }
      const text = stringify(e);
      return typeof text === 'string' && text.length <= maxResultChars ? text : null;
    } catch (_) {
      return null;
    }
  };

  // A call's settlers by call id, out of the program's reach; null prototypes, so nothing the program puts on
  // Object.prototype takes part in storing or finding them.
  const resolves = create(null);
  const rejects = create(null);
  const call = (method, args) => {
    let text = null;
    try {
      const json = stringify(args === undefined ? {} : args);
      text = typeof json === 'string' ? json : null;
    } catch (_) {
      text = null;
    }
    return new P((resolve, reject) => {
      const id = host.call(method, text);
      resolves[id] = resolve;
      rejects[id] = reject;
    });
  };

  // GraalJS defines a shell-style `arguments` global (the launcher's argv); a program has no use for it.
  delete globalThis.arguments;
  // SharedArrayBuffer's memory is a direct (off-heap) buffer, which the allocation budget (the pass thread's
  // heap allocation counter) never sees: a program held gigabytes under a 64 MiB budget, and the eventual
  // failure described the JVM's direct-memory limit. A sandbox has no threads, so neither it nor Atomics has a
  // use. GraalJS's options that would remove them (js.shared-array-buffer, js.atomics) are refused under
  // SandboxPolicy.CONSTRAINED, so the globals go here, before any program runs: nothing else reaches the
  // constructor (no instance exists and WebAssembly is off). ArrayBuffer and the typed arrays stay: they are
  // heap-backed (js.direct-byte-buffer is off by default), so the budget counts them.
  delete globalThis.SharedArrayBuffer;
  delete globalThis.Atomics;

  const spec = parse(specText);
  for (const namespace of keys(spec)) {
    const methods = create(null);
    for (const name of spec[namespace]) {
      const path = namespace + '.' + name;
      // Method shorthand: no prototype object and not constructible.
      const method = { [name](args) { return call(path, args); } }[name];
      defineProperty(methods, name, { value: freeze(method), enumerable: true });
    }
    defineProperty(globalThis, namespace, { value: freeze(methods), enumerable: false, writable: false, configurable: false });
  }

  const format = (value) => {
    if (typeof value === 'string') {
      return value;
    }
    if (value instanceof ErrorType) {
      return errorText(value);
    }
    try {
      const text = stringify(value);
      return typeof text === 'string' ? text : toText(value);
    } catch (_) {
      return errorText(value);
    }
  };
  const logger = (level) => freeze(function (...args) {
    let line = '';
    for (let i = 0; i < args.length; i++) {
      line += (i === 0 ? '' : ' ') + format(args[i]);
    }
    host.log(level, line);
  });
  defineProperty(globalThis, 'console', {
    value: freeze({ log: logger('LOG'), info: logger('INFO'), warn: logger('WARN'), error: logger('ERROR'), debug: logger('LOG') }),
    enumerable: false, writable: false, configurable: false });

  // A program that returns undefined has almost always lost its answer (a block body without `return`, or
  // a forgotten `await` chain's end), so it is reported as returning nothing rather than answered null.
  const finish = (value) => {
    if (value === undefined) {
      host.done('nothing', '', null);
      return;
    }
    let text;
    try {
      text = stringify(value);
    } catch (e) {
      host.done('not_json', 'the returned value cannot become JSON: ' + errorText(e), null);
      return;
    }
    if (typeof text !== 'string') {
      host.done('not_json', 'the returned value cannot become JSON: a ' + typeof value + ' has no JSON form', null);
    } else if (text.length > maxResultChars) {
      host.done('too_large', toText(text.length), null);
    } else {
      host.done('ok', text, null);
    }
  };
  const fail = (e) => host.done('thrown', errorText(e), thrownJson(e));

  const start = (program) => {
    let promise;
    try {
      promise = program();
    } catch (e) {
      fail(e);
      return;
    }
    apply(then, promise, [finish, fail]);
  };
  // Settles the calls that completed since the last batch, in completion order: `batchText` is the JSON
  // array [id, failure, value, id, failure, value, ...]. Microtasks run once the whole batch is settled.
  const settle = (batchText) => {
    const batch = parse(batchText);
    for (let i = 0; i < batch.length; i += 3) {
      const id = batch[i];
      const failure = batch[i + 1];
      const fn = failure ? rejects[id] : resolves[id];
      delete resolves[id];
      delete rejects[id];
      if (fn !== undefined) {
        fn(failure ? freeze(batch[i + 2]) : batch[i + 2]);
      }
    }
  };
  return freeze({ start, settle });
})
