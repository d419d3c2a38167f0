package io.codemode4j.cli;

import static io.codemode4j.cli.TerminalText.Context.MESSAGE;
import static io.codemode4j.cli.TerminalText.escape;

import io.codemode4j.charts.Chart;
import io.codemode4j.charts.ChartException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code --chart FILE|-}, shared by run, query and ask: the result's chart (the one the program or
 * answer gave, else the one its shape suggests) as a self-contained HTML page, or its Vega-Lite
 * spec on stdout.
 *
 * <p>Decided: asking for a chart that cannot be made (refused, or no shape that suggests one) fails
 * the command (exit 1, the reason on stderr), so a script never finds an old or missing file where
 * it asked for one; the result itself is still printed.
 */
final class ChartOption {

  @Option(
      names = "--chart",
      paramLabel = "FILE|-",
      description = {
        "Also draw the result: write a self-contained HTML page (no network needed to view it) to"
            + " FILE, or print its Vega-Lite spec, rows embedded, with - (in place of the result).",
        "The chart is the one the program returns beside its rows ({rows, chart}), else the one"
            + " the rows' shape suggests (a time and measures: lines; a category and a measure:"
            + " bars; two measures: points)."
      })
  @Nullable String target;

  boolean requested() {
    return target != null;
  }

  /** Whether the spec goes to stdout, in place of the result. */
  boolean toStdout() {
    return "-".equals(target);
  }

  /**
   * Draws the chart {@code chart} makes: the page to the file (and its name, returned), or the spec
   * to {@code out} (and "-"); null, with the reason on {@code err}, when there is none to draw.
   */
  @Nullable String draw(
      Supplier<Optional<Chart>> chart, String title, PrintWriter out, PrintWriter err) {
    String where = target;
    if (where == null) {
      return null;
    }
    Optional<Chart> drawn;
    try {
      drawn = chart.get();
    } catch (ChartException e) {
      err.println("error: " + escape(String.valueOf(e.getMessage()), MESSAGE));
      return null;
    }
    if (drawn.isEmpty()) {
      err.println(
          "error: no chart: the result's shape suggests none (a time and measures, a category"
              + " and one measure, or two measures); return {rows: [...], chart: {...}} with a"
              + " Vega-Lite spec to draw another");
      return null;
    }
    if (toStdout()) {
      out.println(
          JsonMapper.builder()
              .build()
              .writerWithDefaultPrettyPrinter()
              .writeValueAsString(drawn.get().vegaLite()));
      return where;
    }
    try {
      Files.writeString(Path.of(where), drawn.get().html(title), StandardCharsets.UTF_8);
      return where;
    } catch (IOException | RuntimeException e) {
      err.println(
          "error: cannot write the chart to "
              + escape(where, MESSAGE)
              + ": "
              + escape(String.valueOf(e.getMessage()), MESSAGE));
      return null;
    }
  }
}
