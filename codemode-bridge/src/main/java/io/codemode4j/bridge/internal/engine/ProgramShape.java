package io.codemode4j.bridge.internal.engine;

import com.oracle.js.parser.ErrorManager;
import com.oracle.js.parser.Parser;
import com.oracle.js.parser.ParserException;
import com.oracle.js.parser.ScriptEnvironment;
import com.oracle.js.parser.ir.Block;
import com.oracle.js.parser.ir.ExpressionStatement;
import com.oracle.js.parser.ir.FunctionNode;
import io.codemode4j.bridge.internal.Utf8;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 *
 * <p>Two slips of models cost no turn or get one precise message. A program sent inside one
 * Markdown code fence (```js ... ```) is the fence's body: the fence wraps the whole text and holds
 * no other fence line, so nothing of the program is guessed. A program the parser refuses where
 * TypeScript syntax stands ({@link TypeScriptSyntax}) is refused naming that syntax, since the
 * parser's "Expected ) but found :" does not say that types are what to remove.
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

  /**
   * One fence around the whole text: a run of three or more backticks with an optional JavaScript
   * or TypeScript info string on the first line, the same run alone on the last line.
   */
  private static final Pattern FENCE =
      Pattern.compile(
          "(`{3,})[ \\t]*(?:js|javascript|jsx|mjs|ts|typescript|tsx)?[ \\t]*\\R(.*?)\\R\\1[ \\t]*",
          Pattern.CASE_INSENSITIVE | Pattern.DOTALL);

  /** A line that opens or closes a fence inside a fence's body: then it wraps more than one. */
  private static final Pattern FENCE_LINE = Pattern.compile("(?m)^[ \\t]*```");

  /** Said of a blank source, and of a fence around nothing. */
  private static final String EMPTY =
      "the program is empty: send one async function expression, e.g. async () => { ... }";

  private ProgramShape() {}

  /** The program text as the executor must evaluate it: the source wrapped in parentheses. */
  static String wrap(String source) {
    return "(" + source + "\n)";
  }

  /**
   * Checks size and shape, and returns the program to run: {@code source}, or the body of the one
   * Markdown code fence that wraps it.
   *
   * @throws InvalidProgram naming what was expected and what was found
   */
  public static String check(String source, int maxSourceBytes) throws InvalidProgram {
    if (source == null || source.isBlank()) {
      throw new InvalidProgram(EMPTY);
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
    String program = unfenced(source);
    if (program.isBlank()) {
      throw new InvalidProgram(EMPTY);
    }
    if (program.startsWith("#!")) {
      throw new InvalidProgram(
          "a program cannot start with '#!': send one async function expression");
    }
    FirstError errors = new FirstError();
    FunctionNode script;
    try {
      Parser parser =
          new Parser(
              ENVIRONMENT,
              com.oracle.js.parser.Source.sourceFor("program.js", wrap(program)),
              errors);
      script = parser.parse();
    } catch (ParserException e) {
      throw typeScriptAt(program, e.getPosition())
          .orElseGet(() -> new InvalidProgram("syntax error: " + clean(e.getMessage())));
    }
    if (errors.position >= 0) {
      Optional<InvalidProgram> typeScript = typeScriptAt(program, errors.position);
      if (typeScript.isPresent()) {
        throw typeScript.get();
      }
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
    return program;
  }

  /** The body of the one Markdown code fence that wraps {@code source}, else {@code source}. */
  private static String unfenced(String source) {
    Matcher fence = FENCE.matcher(source.strip());
    if (!fence.matches() || FENCE_LINE.matcher(fence.group(2)).find()) {
      return source;
    }
    return fence.group(2);
  }

  /**
   * The refusal naming the TypeScript syntax at {@code position} of the wrapped program (one past
   * the program's own offset, for the opening parenthesis), if that is where the parser stopped.
   */
  private static Optional<InvalidProgram> typeScriptAt(String program, int position) {
    return TypeScriptSyntax.at(program, position - 1)
        .map(
            found -> {
              int line = 1;
              int lineStart = 0;
              for (int i = 0; i < found.offset(); i++) {
                if (program.charAt(i) == '\n') {
                  line++;
                  lineStart = i + 1;
                }
              }
              return new InvalidProgram(
                  "the program is TypeScript, which this sandbox does not run: "
                      + found.construct().description()
                      + " `"
                      + found.text()
                      + "` at line "
                      + line
                      + ", column "
                      + (found.offset() - lineStart + 1)
                      + "; send plain JavaScript without types (no annotations, `as` casts, "
                      + "interfaces, type aliases, enums or generics), e.g. async () => { ... }");
            });
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

    /** The first error's position in the wrapped source; -1 when it has none. */
    int position = -1;

    @Override
    public void error(ParserException e) {
      if (first == null) {
        first = clean(e.getMessage());
        position = e.getPosition();
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
