package io.codemode4j.bridge.internal.engine;

import com.oracle.js.parser.ErrorManager;
import com.oracle.js.parser.Parser;
import com.oracle.js.parser.ParserException;
import com.oracle.js.parser.ScriptEnvironment;
import com.oracle.js.parser.ir.Block;
import com.oracle.js.parser.ir.ExpressionStatement;
import com.oracle.js.parser.ir.FunctionNode;
import io.codemode4j.bridge.internal.Utf8;
import org.jspecify.annotations.Nullable;

/**
 * Decides, on a real parse tree and before anything runs, whether a source is exactly one async
 * function expression ({@code async () => {...}} or {@code async function () {...}}).
 *
 * <p>Decided: the tree comes from GraalJS's own parser ({@code com.oracle.js.parser}, the one the
 * engine compiles with), so the check and the execution cannot disagree about what the text means,
 * and it runs as compiled Java in microseconds rather than as a JavaScript parser in the
 * interpreter. The source is parsed as {@code (SOURCE\n)} so that an anonymous {@code async
 * function} is an expression; that wrapping alone would be no check ({@code async () => 1) +
 * (loop()} balances the parentheses), so the tree must then be a single expression statement whose
 * expression is the async function itself: a binary, comma or call expression around it is refused.
 * The newline keeps a trailing line comment from swallowing the closing parenthesis. The same
 * wrapped text is what the executor evaluates.
 */
public final class ProgramShape {

  private static final ScriptEnvironment ENVIRONMENT =
      ScriptEnvironment.builder()
          .ecmaScriptVersion(ScriptEnvironment.ES_2024)
          .strict(false)
          .allowBigInt(true)
          .classFields(true)
          .privateFieldsIn(true)
          .build();

  private ProgramShape() {}

  /** The program text as the executor must evaluate it: the source wrapped in parentheses. */
  static String wrap(String source) {
    return "(" + source + "\n)";
  }

  /**
   * Checks size and shape.
   *
   * @throws InvalidProgram naming what was expected and what was found
   */
  public static void check(String source, int maxSourceBytes) throws InvalidProgram {
    if (source == null || source.isBlank()) {
      throw new InvalidProgram(
          "the program is empty: send one async function expression, e.g. async () => { ... }");
    }
    int bytes = Utf8.length(source);
    if (bytes > maxSourceBytes) {
      throw new InvalidProgram(
          "the program is "
              + bytes
              + " bytes, over the limit of "
              + maxSourceBytes
              + " bytes (maxSourceBytes): send a shorter program");
    }
    if (source.startsWith("#!")) {
      throw new InvalidProgram(
          "a program cannot start with '#!': send one async function expression");
    }
    FirstError errors = new FirstError();
    FunctionNode script;
    try {
      Parser parser =
          new Parser(
              ENVIRONMENT,
              com.oracle.js.parser.Source.sourceFor("program.js", wrap(source)),
              errors);
      script = parser.parse();
    } catch (ParserException e) {
      throw new InvalidProgram("syntax error: " + clean(e.getMessage()));
    }
    if (errors.first != null || script == null) {
      throw new InvalidProgram(
          "syntax error: "
              + (errors.first == null ? "unparsable program" : errors.first)
              + " (send one async function expression, e.g. async () => { ... }; import/export are not available)");
    }
    Block body = script.getBody();
    if (body.getStatementCount() != 1
        || !(body.getStatements().get(0) instanceof ExpressionStatement statement)) {
      throw new InvalidProgram(expected("more than one statement"));
    }
    if (!(statement.getExpression() instanceof FunctionNode function)) {
      throw new InvalidProgram(expected("an expression that is not a function on its own"));
    }
    if (!function.isAsync() || function.isGenerator()) {
      throw new InvalidProgram(
          expected(
              function.isGenerator() ? "a generator function" : "a function that is not async"));
    }
  }

  private static String expected(String found) {
    return "the program must be exactly one async function expression, e.g. async () => { ... } or "
        + "async function () { ... }; found "
        + found;
  }

  private static String clean(@Nullable String message) {
    if (message == null) {
      return "unparsable program";
    }
    String first = message.lines().findFirst().orElse(message);
    return first.replace("program.js:", "line ");
  }

  /** Keeps the first syntax error; the parser reports through this. */
  private static final class FirstError extends ErrorManager {
    /** Null until the parser reports an error. */
    @Nullable String first;

    @Override
    public void error(ParserException e) {
      if (first == null) {
        first = clean(e.getMessage());
      }
      super.error(e);
    }

    @Override
    public void error(String message) {
      if (first == null) {
        first = clean(message);
      }
      super.error(message);
    }
  }

  /** The source is not a program this executor runs. */
  public static final class InvalidProgram extends Exception {
    private static final long serialVersionUID = 1L;

    private final String reason;

    InvalidProgram(String message) {
      super(message);
      this.reason = message;
    }

    /** Never null: every invalid program says why (the caller puts it in the pass's failure). */
    @Override
    public String getMessage() {
      return reason;
    }
  }
}
