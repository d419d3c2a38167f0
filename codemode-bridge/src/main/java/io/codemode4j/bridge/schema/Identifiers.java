package io.codemode4j.bridge.schema;

import java.util.Set;
import java.util.regex.Pattern;

/**
 * The names a Code Mode accepts, each rule written once: for the namespaces and methods a program
 * calls, for method paths, and for tools.
 *
 * <p>Decided: two rules for two concepts, on one lexical base ({@link #isIdentifierName}, an ASCII
 * JavaScript IdentifierName, which the declarations also use to decide whether a property key needs
 * quotes).
 *
 * <ul>
 *   <li>A <b>namespace or method name</b> ({@link #isName}) becomes JavaScript: a namespace is a
 *       global binding and a method is called as {@code namespace.method(...)}, in programs and in
 *       the declarations a model reads. So it is an identifier name of at most {@value #MAX_LENGTH}
 *       characters, and never a reserved word or a name the sandbox binds itself ({@code console},
 *       {@code eval}, {@code Java}, ...). A method path ({@link #isMethodPath}, {@code
 *       billing.invoices}) is two such names joined by a dot; where a path is parsed (visibility
 *       patterns, {@code CodeMode.describe}), a path no method can have is refused as malformed
 *       rather than looked up.
 *   <li>A <b>tool name</b> ({@link #isToolName}: {@code ToolSpec.name}, {@code
 *       CodeMode.Builder#toolName}) is what a model sees as a native tool, never a JavaScript
 *       binding. Function-calling APIs accept letters, digits and underscores there, so it has no
 *       {@code $}; a reserved word is fine.
 * </ul>
 */
public final class Identifiers {

  /** The longest namespace, method or tool name, in characters. */
  public static final int MAX_LENGTH = 64;

  private static final Pattern IDENTIFIER_NAME = Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*");
  private static final Pattern TOOL_NAME =
      Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0," + (MAX_LENGTH - 1) + "}");

  /**
   * ECMAScript's reserved words, strict mode's and the module goal's, and the names every sandbox
   * binds before a namespace could (including the polyglot ones GraalJS may add).
   */
  private static final Set<String> RESERVED =
      Set.of(
          "break",
          "case",
          "catch",
          "class",
          "const",
          "continue",
          "debugger",
          "default",
          "delete",
          "do",
          "else",
          "enum",
          "export",
          "extends",
          "false",
          "finally",
          "for",
          "function",
          "if",
          "import",
          "in",
          "instanceof",
          "new",
          "null",
          "return",
          "super",
          "switch",
          "this",
          "throw",
          "true",
          "try",
          "typeof",
          "var",
          "void",
          "while",
          "with",
          "yield",
          "let",
          "static",
          "implements",
          "interface",
          "package",
          "private",
          "protected",
          "public",
          "await",
          "async",
          "arguments",
          "eval",
          "undefined",
          "globalThis",
          "console",
          "Java",
          "Polyglot",
          "Packages");

  private Identifiers() {}

  /** Whether {@code text} is an ASCII JavaScript IdentifierName, of any length. */
  public static boolean isIdentifierName(String text) {
    return text != null && IDENTIFIER_NAME.matcher(text).matches();
  }

  /** Whether {@code name} may name a namespace or a method; see the class comment. */
  public static boolean isName(String name) {
    return isIdentifierName(name) && name.length() <= MAX_LENGTH && !RESERVED.contains(name);
  }

  /** Whether {@code path} is {@code namespace.method}, each part a {@link #isName name}. */
  public static boolean isMethodPath(String path) {
    if (path == null) {
      return false;
    }
    int dot = path.indexOf('.');
    return dot >= 0 && isName(path.substring(0, dot)) && isName(path.substring(dot + 1));
  }

  /** Whether {@code name} may name a tool; see the class comment. */
  public static boolean isToolName(String name) {
    return name != null && TOOL_NAME.matcher(name).matches();
  }
}
