package io.codemode4j.bridge.internal.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Tells whether the place where GraalJS's parser stopped is TypeScript syntax, and which: a model
 * that was asked for JavaScript often writes TypeScript ({@code async (): Promise<number> =>},
 * {@code (r: Row) =>}, {@code x as string}, {@code interface Row {...}}), and "Expected ) but found
 * :" does not tell it what to change.
 *
 * <p>Decided: this is consulted only after the parser has refused the program, at the parser's own
 * error position, so it can reword a refusal but never refuse a program the engine would run:
 * object literals, ternaries, labels and strings holding ':' parse, and never reach it. It reads
 * the tokens before that position with a small lexer (names, punctuation, and strings, templates,
 * comments and regular expressions skipped as opaque), because the constructs are told apart by
 * what encloses and precedes the token: a ':' directly inside parentheses is a parameter's
 * annotation, after a closing parenthesis a return type, after {@code const x} a variable's type; a
 * ':' after {@code , b} inside a block (an object literal written as a block body) is a JavaScript
 * mistake and gets the parser's own message. The lexer is a heuristic for wording only: when it
 * misreads, the program is refused with the parser's message, as before.
 */
final class TypeScriptSyntax {

  /** The TypeScript constructs this recognizes, as a message names them. */
  enum Construct {
    RETURN_TYPE("the return type annotation"),
    PARAMETER_TYPE("the parameter type annotation"),
    VARIABLE_TYPE("the variable type annotation"),
    TYPE_ASSERTION("the type assertion"),
    NON_NULL_ASSERTION("the non-null assertion"),
    INTERFACE("the interface declaration"),
    TYPE_ALIAS("the type alias"),
    ENUM("the enum declaration"),
    TYPE_PARAMETERS("the type parameters"),
    TYPE_ARGUMENTS("the type arguments");

    private final String description;

    Construct(String description) {
      this.description = description;
    }

    String description() {
      return description;
    }
  }

  /**
   * A TypeScript construct found at {@code offset} (a character offset into the program), {@code
   * text} as written (whitespace collapsed, at most {@value #MAX_SHOWN} characters).
   */
  record Found(Construct construct, String text, int offset) {
    Found {
      if (text.isBlank() || offset < 0) {
        throw new IllegalArgumentException(
            "a construct has text and an offset, was '" + text + "' at " + offset);
      }
    }
  }

  static final int MAX_SHOWN = 60;

  private static final Set<String> DECLARATIONS = Set.of("const", "let", "var");

  /** Names a parameter list (or a head in parentheses whose names may be annotated) follows. */
  private static final Set<String> FUNCTION_HEADS = Set.of("async", "function", "catch", "for");

  /** Names after which a '/' starts a regular expression rather than dividing. */
  private static final Set<String> OPERATOR_WORDS =
      Set.of(
          "return",
          "typeof",
          "instanceof",
          "in",
          "of",
          "new",
          "delete",
          "void",
          "throw",
          "case",
          "do",
          "else",
          "yield",
          "await");

  private enum Kind {
    NAME,
    PUNCTUATION,
    /** A number, string, template or regular expression: an operand. */
    LITERAL
  }

  private record Token(Kind kind, String text, int start, int end) {
    boolean is(String punctuationOrName) {
      return kind != Kind.LITERAL && text.equals(punctuationOrName);
    }

    boolean isOperand() {
      return kind == Kind.LITERAL
          || (kind == Kind.NAME && !OPERATOR_WORDS.contains(text))
          || is(")")
          || is("]")
          || is("}");
    }
  }

  private final String source;
  private final List<Token> tokens = new ArrayList<>();

  /** For each token, the index of the opening bracket that encloses it, -1 at the top. */
  private final List<Integer> enclosing = new ArrayList<>();

  /** For each closing bracket's index, its opening bracket's index; -1 for every other token. */
  private final List<Integer> openerOf = new ArrayList<>();

  private TypeScriptSyntax(String source) {
    this.source = source;
  }

  /**
   * The TypeScript construct at {@code offset}, where the parser refused {@code program}; empty
   * when the refusal is not one.
   */
  static Optional<Found> at(String program, int offset) {
    if (offset < 0 || offset > program.length()) {
      return Optional.empty();
    }
    TypeScriptSyntax scan = new TypeScriptSyntax(program);
    scan.lex();
    int e = scan.tokenAt(offset);
    return e < 0 ? Optional.empty() : scan.construct(e);
  }

  private Optional<Found> construct(int e) {
    Token token = tokens.get(e);
    Token previous = e > 0 ? tokens.get(e - 1) : null;
    if (token.is(":") && previous != null) {
      if (previous.is(")") && parameterList(openerOf.get(e - 1))) {
        return found(Construct.RETURN_TYPE, e, annotationEnd(e));
      }
      int opener = enclosing.get(e);
      if (opener >= 0
          && parameterList(opener)
          && (previous.kind() == Kind.NAME
              || previous.is("?")
              || previous.is("]")
              || previous.is("}"))) {
        return found(Construct.PARAMETER_TYPE, e, annotationEnd(e));
      }
      if (declared(e - 1)) {
        return found(Construct.VARIABLE_TYPE, e, annotationEnd(e));
      }
      return Optional.empty();
    }
    if ((token.is("as") || token.is("satisfies")) && previous != null && previous.isOperand()) {
      return found(Construct.TYPE_ASSERTION, e, annotationEnd(e));
    }
    if (token.is("!") && previous != null && previous.isOperand() && e + 1 < tokens.size()) {
      Token next = tokens.get(e + 1);
      if (next.is(":")) {
        return found(Construct.VARIABLE_TYPE, e, annotationEnd(e + 1));
      }
      if (next.is(".") || next.is("[") || next.is(")") || next.is(",") || next.is(";")) {
        return found(Construct.NON_NULL_ASSERTION, e, e);
      }
      return Optional.empty();
    }
    if (token.kind() == Kind.NAME && previous != null && statementStart(e - 1)) {
      Token next = e + 1 < tokens.size() ? tokens.get(e + 1) : null;
      if (previous.is("interface")
          && next != null
          && (next.is("{") || next.is("<") || next.is("extends"))) {
        return found(Construct.INTERFACE, e - 1, e);
      }
      if (previous.is("type") && next != null && (next.is("=") || next.is("<"))) {
        return found(Construct.TYPE_ALIAS, e - 1, e);
      }
    }
    if (token.is("enum")
        && statementStart(e)
        && e + 2 < tokens.size()
        && tokens.get(e + 1).kind() == Kind.NAME
        && tokens.get(e + 2).is("{")) {
      return found(Construct.ENUM, e, e + 1);
    }
    if (token.is("<")
        && previous != null
        && previous.kind() == Kind.NAME
        && e > 1
        && tokens.get(e - 2).is("function")) {
      int close = angleClose(e);
      return close < 0 ? Optional.empty() : found(Construct.TYPE_PARAMETERS, e, close);
    }
    return typeArguments(e);
  }

  /**
   * {@code new Map<string, number>()} parses as comparisons until the parser stops somewhere inside
   * the angle brackets: the construct is found by walking back over type-like tokens to a {@code <}
   * after a name, whose matching {@code >} is followed by a call's {@code (}.
   */
  private Optional<Found> typeArguments(int e) {
    for (int i = e; i > 0; i--) {
      Token token = tokens.get(i);
      if (token.is("<") && tokens.get(i - 1).kind() == Kind.NAME) {
        int close = angleClose(i);
        return close >= e && close + 1 < tokens.size() && tokens.get(close + 1).is("(")
            ? found(Construct.TYPE_ARGUMENTS, i, close)
            : Optional.empty();
      }
      if (!(token.kind() == Kind.NAME
          || token.is(",")
          || token.is(">")
          || token.is("[")
          || token.is("]")
          || token.is("|"))) {
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  /**
   * Whether the '(' at {@code open} starts a parameter list (or a catch or for head), not a call's
   * arguments: {@code billing.invoices(customer: "Acme")} is a JavaScript slip, not a type.
   */
  private boolean parameterList(int open) {
    if (open < 0 || !tokens.get(open).is("(")) {
      return false;
    }
    if (open == 0) {
      return true;
    }
    Token before = tokens.get(open - 1);
    if (before.kind() == Kind.NAME) {
      return FUNCTION_HEADS.contains(before.text())
          || OPERATOR_WORDS.contains(before.text())
          || (open > 1 && tokens.get(open - 2).is("function"));
    }
    return before.kind() == Kind.PUNCTUATION && !before.is(")") && !before.is("]");
  }

  /** Whether the name or pattern ending at {@code i} is declared by const, let or var. */
  private boolean declared(int i) {
    Token token = tokens.get(i);
    int first;
    if (token.kind() == Kind.NAME) {
      first = i;
    } else if (token.is("}") || token.is("]")) {
      first = openerOf.get(i);
    } else {
      return false;
    }
    return first >= 1
        && tokens.get(first - 1).kind() == Kind.NAME
        && DECLARATIONS.contains(tokens.get(first - 1).text());
  }

  /** Whether token {@code i} begins a statement: first, or after '{', '}' or ';'. */
  private boolean statementStart(int i) {
    if (i == 0) {
      return true;
    }
    Token previous = tokens.get(i - 1);
    return previous.is("{") || previous.is("}") || previous.is(";");
  }

  /**
   * The last token of the type that follows token {@code start} (a ':' or 'as'): up to, not
   * including, the first '=', '=>', ',', ';', closing bracket or block '{' outside any bracket.
   */
  private int annotationEnd(int start) {
    int depth = 0;
    int last = start;
    for (int i = start + 1; i < tokens.size(); i++) {
      Token token = tokens.get(i);
      boolean first = i == start + 1;
      if (depth == 0
          && (token.is("=")
              || token.is("=>")
              || token.is(",")
              || token.is(";")
              || token.is("of")
              || token.is("in")
              || (token.is("{") && !first)
              || (!first && newlineBefore(i)))) {
        break;
      }
      if (token.is("(") || token.is("[") || token.is("{") || token.is("<")) {
        depth++;
      } else if (token.is(")") || token.is("]") || token.is("}") || token.is(">")) {
        if (depth == 0) {
          break;
        }
        depth--;
      }
      last = i;
    }
    return last;
  }

  /** Whether a line ends between token {@code i} and the one before it. */
  private boolean newlineBefore(int i) {
    return source.substring(tokens.get(i - 1).end(), tokens.get(i).start()).contains("\n");
  }

  /** The index of the '>' that closes the '<' at {@code open}, or -1. */
  private int angleClose(int open) {
    int depth = 0;
    for (int i = open; i < tokens.size(); i++) {
      Token token = tokens.get(i);
      if (token.is("<")) {
        depth++;
      } else if (token.is(">")) {
        depth--;
        if (depth == 0) {
          return i;
        }
      } else if (token.is(";") || token.is("{") || token.is("}")) {
        return -1;
      }
    }
    return -1;
  }

  private Optional<Found> found(Construct construct, int from, int to) {
    int start = tokens.get(from).start();
    String text = source.substring(start, tokens.get(to).end()).replaceAll("\\s+", " ").strip();
    if (text.length() > MAX_SHOWN) {
      text = text.substring(0, MAX_SHOWN - 3) + "...";
    }
    return Optional.of(new Found(construct, text, start));
  }

  /**
   * The index of the token that starts at or covers {@code offset}, or the next one; -1 if none.
   */
  private int tokenAt(int offset) {
    for (int i = 0; i < tokens.size(); i++) {
      if (tokens.get(i).end() > offset) {
        return i;
      }
    }
    return -1;
  }

  private void lex() {
    Deque<Integer> open = new ArrayDeque<>();
    int i = 0;
    int n = source.length();
    while (i < n) {
      char c = source.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (source.startsWith("//", i)) {
        int end = source.indexOf('\n', i);
        i = end < 0 ? n : end;
      } else if (source.startsWith("/*", i)) {
        int end = source.indexOf("*/", i + 2);
        i = end < 0 ? n : end + 2;
      } else if (c == '\'' || c == '"') {
        i = add(Kind.LITERAL, i, skipString(i), open);
      } else if (c == '`') {
        i = add(Kind.LITERAL, i, skipTemplate(i), open);
      } else if (c == '/' && (tokens.isEmpty() || !last().isOperand())) {
        i = add(Kind.LITERAL, i, skipRegex(i), open);
      } else if (Character.isDigit(c)
          || (c == '.' && i + 1 < n && Character.isDigit(source.charAt(i + 1)))) {
        int end = i + 1;
        while (end < n
            && (Character.isLetterOrDigit(source.charAt(end))
                || source.charAt(end) == '.'
                || source.charAt(end) == '_')) {
          end++;
        }
        i = add(Kind.LITERAL, i, end, open);
      } else if (Character.isUnicodeIdentifierStart(c) || c == '$' || c == '_' || c == '#') {
        int end = i + 1;
        while (end < n
            && (Character.isUnicodeIdentifierPart(source.charAt(end))
                || source.charAt(end) == '$')) {
          end++;
        }
        i = add(Kind.NAME, i, end, open);
      } else {
        int length = 1;
        for (String multi : List.of("...", "===", "!==", "=>", "==", "!=", "?.")) {
          if (source.startsWith(multi, i)) {
            length = multi.length();
            break;
          }
        }
        i = add(Kind.PUNCTUATION, i, i + length, open);
      }
    }
  }

  private Token last() {
    return tokens.get(tokens.size() - 1);
  }

  /** Adds the token at {@code start..end}, tracks its brackets, and returns {@code end}. */
  private int add(Kind kind, int start, int end, Deque<Integer> open) {
    Token token = new Token(kind, source.substring(start, end), start, end);
    int index = tokens.size();
    int opener = -1;
    if (token.is(")") || token.is("]") || token.is("}")) {
      opener = open.isEmpty() ? -1 : open.pop();
    }
    tokens.add(token);
    enclosing.add(open.isEmpty() ? -1 : open.peek());
    openerOf.add(opener);
    if (token.is("(") || token.is("[") || token.is("{")) {
      open.push(index);
    }
    return end;
  }

  private int skipString(int start) {
    char quote = source.charAt(start);
    int i = start + 1;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (c == '\\') {
        i += 2;
      } else if (c == quote || c == '\n') {
        return i + 1;
      } else {
        i++;
      }
    }
    return source.length();
  }

  /** Past the template starting at {@code start}, its substitutions skipped with their braces. */
  private int skipTemplate(int start) {
    int i = start + 1;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (c == '\\') {
        i += 2;
      } else if (c == '`') {
        return i + 1;
      } else if (source.startsWith("${", i)) {
        i = skipSubstitution(i + 2);
      } else {
        i++;
      }
    }
    return source.length();
  }

  /** Past the '}' that closes a substitution whose code starts at {@code start}. */
  private int skipSubstitution(int start) {
    int depth = 0;
    int i = start;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (c == '\'' || c == '"') {
        i = skipString(i);
      } else if (c == '`') {
        i = skipTemplate(i);
      } else if (c == '{') {
        depth++;
        i++;
      } else if (c == '}') {
        if (depth == 0) {
          return i + 1;
        }
        depth--;
        i++;
      } else {
        i++;
      }
    }
    return source.length();
  }

  private int skipRegex(int start) {
    int i = start + 1;
    boolean inClass = false;
    while (i < source.length()) {
      char c = source.charAt(i);
      if (c == '\\') {
        i += 2;
        continue;
      }
      if (c == '\n') {
        return i;
      }
      if (c == '[') {
        inClass = true;
      } else if (c == ']') {
        inClass = false;
      } else if (c == '/' && !inClass) {
        i++;
        while (i < source.length() && Character.isLetter(source.charAt(i))) {
          i++;
        }
        return i;
      }
      i++;
    }
    return source.length();
  }
}
