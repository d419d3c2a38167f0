package io.codemode4j.bridge.internal.engine;

import java.util.Set;

/**
 * The global names a fresh sandbox context already has (ECMAScript built-ins plus GraalJS's own),
 * which a namespace must not shadow. Pinned by a test against a real context, so a GraalJS upgrade
 * that adds a global fails the build instead of silently letting a namespace replace it. {@code
 * SharedArrayBuffer} and {@code Atomics}, which the prelude removes (see prelude.js), stay
 * reserved: a program written against the standard built-in must not find a tool namespace in its
 * place.
 */
public final class SandboxGlobals {

  public static final Set<String> NAMES =
      Set.of(
          "AggregateError",
          "Array",
          "ArrayBuffer",
          "Atomics",
          "BigInt",
          "BigInt64Array",
          "BigUint64Array",
          "Boolean",
          "DataView",
          "Date",
          "Error",
          "EvalError",
          "FinalizationRegistry",
          "Float16Array",
          "Float32Array",
          "Float64Array",
          "Function",
          "Infinity",
          "Int16Array",
          "Int32Array",
          "Int8Array",
          "Intl",
          "Iterator",
          "JSON",
          "Map",
          "Math",
          "NaN",
          "Number",
          "Object",
          "Promise",
          "Proxy",
          "RangeError",
          "ReferenceError",
          "Reflect",
          "RegExp",
          "Set",
          "SharedArrayBuffer",
          "String",
          "Symbol",
          "SyntaxError",
          "TypeError",
          "URIError",
          "Uint16Array",
          "Uint32Array",
          "Uint8Array",
          "Uint8ClampedArray",
          "WeakMap",
          "WeakRef",
          "WeakSet",
          "decodeURI",
          "decodeURIComponent",
          "encodeURI",
          "encodeURIComponent",
          "escape",
          "eval",
          "globalThis",
          "isFinite",
          "isNaN",
          "parseFloat",
          "parseInt",
          "undefined",
          "unescape",
          "console",
          "DisposableStack",
          "AsyncDisposableStack",
          "SuppressedError",
          "Temporal");

  private SandboxGlobals() {}
}
