package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.warehouse.Column;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

class RowPrinterTest {

  private static final List<Column> COLUMNS =
      List.of(new Column("name", "VARCHAR"), new Column("total", "DECIMAL(18,2)"));

  private static ObjectNode row(String name, String total) {
    return JsonNodeFactory.instance.objectNode().put("name", name).put("total", total);
  }

  private static List<String> printed(Consumer<PrintWriter> print) {
    StringWriter text = new StringWriter();
    try (PrintWriter out = new PrintWriter(text)) {
      print.accept(out);
    }
    return text.toString().lines().toList();
  }

  @Test
  void table_numericColumn_isRightAligned() {
    List<String> lines =
        printed(
            out -> RowPrinter.table(out, COLUMNS, List.of(row("a", "5.00"), row("b", "1234.50"))));

    assertThat(lines)
        .containsExactly("name |   total", "-----+--------", "a    |    5.00", "b    | 1234.50");
  }

  @Test
  void table_numbersOfAnUnlistedType_areRightAlignedByTheirValues() {
    List<Column> columns = List.of(new Column("n", "SOMETHING"));
    List<String> lines =
        printed(
            out ->
                RowPrinter.table(
                    out,
                    columns,
                    List.of(
                        JsonNodeFactory.instance.objectNode().put("n", 7),
                        JsonNodeFactory.instance.objectNode().put("n", 1000))));

    assertThat(lines).containsExactly("   n", "----", "   7", "1000");
  }

  @Test
  void table_wideCharacters_areMeasuredInTerminalColumns() {
    List<String> lines =
        printed(
            out ->
                RowPrinter.table(out, COLUMNS, List.of(row("東京商事", "1.00"), row("Acme", "2.00"))));

    // 東京商事 is four characters and eight columns wide: the bars line up on the screen.
    assertThat(lines)
        .containsExactly(
            "name     | total", "---------+------", "東京商事 |  1.00", "Acme     |  2.00");
    assertThat(lines.stream().map(DisplayWidth::of).distinct()).hasSize(1);
  }

  @Test
  void table_lineFeedInACell_continuesOnTheNextLineMarkedWithPlusAsPsqlDoes() {
    List<String> lines =
        printed(
            out ->
                RowPrinter.table(
                    out, COLUMNS, List.of(row("first\nsecond", "1.00"), row("x", "2.00"))));

    assertThat(lines)
        .containsExactly(
            "name   | total", "-------+------", "first +|  1.00", "second |", "x      |  2.00");
  }

  @Test
  void table_controlCharacterInACell_isEscapedNotPrinted() {
    List<String> lines =
        printed(out -> RowPrinter.table(out, COLUMNS, List.of(row("a\u001B[2Jb\r", "1.00"))));

    assertThat(String.join("\n", lines)).doesNotContain("\u001B", "\r").contains("a\\u001B[2Jb\\r");
  }

  @Test
  void markdown_rows_areAGithubTableWithNumbersRightAlignedAndPipesEscaped() {
    List<String> lines =
        printed(out -> RowPrinter.markdown(out, COLUMNS, List.of(row("a|b\nc", "5.00"))));

    assertThat(lines)
        .containsExactly("| name | total |", "| --- | ---: |", "| a\\|b<br>c | 5.00 |");
  }

  @Test
  void jsonLines_rows_areOneObjectPerLine() {
    List<String> lines =
        printed(out -> RowPrinter.jsonLines(out, List.of(row("a\nb", "5.00"), row("c", "6.00"))));

    assertThat(lines)
        .containsExactly(
            "{\"name\":\"a\\nb\",\"total\":\"5.00\"}", "{\"name\":\"c\",\"total\":\"6.00\"}");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      abc      | 3
      東京     | 4
      ｱｲ       | 2
      ＡＢ     | 4
      e\u0301  | 1
      한국     | 4
      """)
  void displayWidth_text_countsWideCharactersTwiceAndMarksNever(String text, int width) {
    assertThat(DisplayWidth.of(text.translateEscapes())).isEqualTo(width);
  }
}
