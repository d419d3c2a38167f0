package io.codemode4j.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class TypeScriptLinesTest {

  /** As {@code codemode describe warehouse.query billing.invoices} prints them, abridged. */
  private static final String GENERATED =
      """
      declare const warehouse: {
        /** Runs one read-only query. */
        query(args: {
          /** One SELECT. */
          sql: string /* length >= 1 */;
          maxRows?: number /* integer, >= 1, <= 10000 */;
        }): Promise<{
          rowCount: number /* integer, >= 0 */;
          truncated: boolean;
        }>;
        tables(args: {}): Promise<Array<string>>;
      };
      declare const billing: {
        invoices(args: {
          customer: string /* length 1..200, pattern ^[^\\u0000-\\u001f\\u007f]*$ */;
        }): Promise<Array<{ status: "paid" | "open"; }>>;
      };
      """;

  static Stream<Arguments> blocks() {
    return Stream.of(
        Arguments.argumentSet(
            "one line per method",
            "tables(args: {}): Promise<Array<string>>;\nconst x = 1;\n",
            List.of("tables(args: {}): Promise<Array<string>>;")),
        Arguments.argumentSet(
            "a method over several lines, brackets in a comment",
            "invoices(args: {\n  customer: string /* pattern ^[^a]*$ ( */;\n}): Promise<X>;\n",
            List.of(
                "invoices(args: {\n  customer: string /* pattern ^[^a]*$ ( */;\n}): Promise<X>;")),
        Arguments.argumentSet(
            "declarations around methods are not methods",
            "declare const warehouse: {\n  tables(args: {}): Promise<string[]>;\n};\n",
            List.of("tables(args: {}): Promise<string[]>;")),
        Arguments.argumentSet(
            "a method that never ends is kept as it is",
            "query(args: {\n  sql: string;\n",
            List.of("query(args: {\n  sql: string;")));
  }

  @ParameterizedTest
  @MethodSource("blocks")
  void methods_ofABlock_areItsMethodDeclarations(String block, List<String> expected) {
    assertThat(TypeScriptLines.methods(block)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '¦',
      textBlock =
          """
          as generated, re-indented on one line ¦ query(args: { /** One SELECT. */ sql: string /* length >= 1 */; maxRows?: number /* integer, >= 1, <= 10000 */; }): Promise<{ rowCount: number /* integer, >= 0 */; truncated: boolean; }>; ¦ true
          without the doc comments of the args  ¦ query(args: { sql: string /* length >= 1 */; maxRows?: number /* integer, >= 1, <= 10000 */; }): Promise<{ rowCount: number /* integer, >= 0 */; truncated: boolean; }>; ¦ true
          without an inline constraint comment  ¦ query(args: { sql: string; maxRows?: number /* integer, >= 1, <= 10000 */; }): Promise<{ rowCount: number /* integer, >= 0 */; truncated: boolean; }>; ¦ false
          a single-line method                  ¦ tables(args: {}): Promise<Array<string>>;                                                        ¦ true
          a method the toolkit lacks            ¦ tables(args: {}): Promise<Array<number>>;                                                        ¦ false
          a renamed argument                    ¦ invoices(args: { client: string; }): Promise<Array<{ status: "paid" | "open"; }>>;             ¦ false
          """)
  void normalised_method_isFoundInTheGeneratedOnlyIfItIsThere(
      String name, String method, boolean found) {
    assertThat(
            TypeScriptLines.normalised(GENERATED)
                .contains(TypeScriptLines.normalised(TypeScriptLines.methods(method).getFirst())))
        .as(name)
        .isEqualTo(found);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '¦',
      textBlock =
          """
          an arrow                 ¦ async () => { return 1; }             ¦ async () => { return 1; }
          an arrow after a comment ¦ // the question\\nasync () => 1        ¦ // the question\\nasync () => 1
          a body                   ¦ return 1;                             ¦ async () => {\\nreturn 1;\\n}
          a body that awaits       ¦ const t = await warehouse.tables();   ¦ async () => {\\nconst t = await warehouse.tables();\\n}
          """)
  void program_ofAJsBlock_isAnArrowOrABodyInOne(String name, String block, String expected) {
    assertThat(JsBlocks.program(block.replace("\\n", "\n")))
        .as(name)
        .isEqualTo(expected.replace("\\n", "\n"));
  }

  @Test
  void normalised_ofWhitespace_ignoresLayoutOnly() {
    assertThat(TypeScriptLines.normalised("f( a : number ,\n  b: string ) : void ;"))
        .isEqualTo(TypeScriptLines.normalised("f(a: number, b: string): void;"));
    assertThat(TypeScriptLines.normalised("f(a: number): void;"))
        .isNotEqualTo(TypeScriptLines.normalised("f(a: numbers): void;"));
  }
}
