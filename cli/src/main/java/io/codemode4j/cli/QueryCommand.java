package io.codemode4j.cli;

import static io.codemode4j.cli.TerminalText.Context.MESSAGE;
import static io.codemode4j.cli.TerminalText.escape;

import io.codemode4j.charts.Chart;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.QueryResult;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** {@code codemode query SQL}: one query through the allowlist and the read-only warehouse. */
@Command(
    name = "query",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:rows printed",
      "1:database error",
      "2:usage error",
      "3:the SQL allowlist refused the query"
    },
    mixinStandardHelpOptions = true,
    description = {"Run one read-only SQL query through the allowlist."})
final class QueryCommand implements Callable<Integer> {

  /**
   * Rows a table shows on a terminal when {@code --max-rows} is not given. Decided: a person at a
   * terminal reads a screenful or two, not the 10,000-row default; piped output is data, so it gets
   * every row.
   */
  static final int TERMINAL_ROWS = 100;

  @Spec CommandSpec spec;

  @Mixin DataOptions data;

  @Mixin ChartOption chart;

  @Parameters(index = "0", paramLabel = "SQL", description = "One SELECT, WITH or VALUES query.")
  String sql;

  @Option(
      names = "--format",
      defaultValue = "table",
      paramLabel = "FORMAT",
      description = "table, json, jsonl, csv or markdown, in any case (default: ${DEFAULT-VALUE}).")
  OutputFormat format;

  @Option(
      names = "--tenant",
      split = ",",
      paramLabel = "KEY",
      converter = TenantConverter.class,
      description =
          "Only these tenants' rows are visible: values of the description's tenancy key (the"
              + " sample's regions, e.g. emea or emea,apac).")
  @Nullable List<String> regions;

  @Option(
      names = "--max-rows",
      paramLabel = "N",
      defaultValue = "" + Warehouse.DEFAULT_MAX_ROWS,
      description =
          "Row cap (default: ${DEFAULT-VALUE}); a result over it says truncated. A table or"
              + " markdown on a terminal shows the first "
              + TERMINAL_ROWS
              + " rows unless this is given.")
  int maxRows;

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      defaultValue = "10s",
      converter = DurationConverter.class,
      description =
          "Cancel the query after this long, e.g. 500ms, 5s, 2m (default: ${DEFAULT-VALUE}).")
  Duration timeout;

  @Override
  public Integer call() {
    Tenant tenant = TenantConverter.tenant(spec, regions);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (sql.isBlank()) {
      throw CodemodeCli.usage(
          spec, "the SQL is empty: give one SELECT, WITH or VALUES query, e.g. 'SELECT 1'");
    }
    if (maxRows < 1 || maxRows > Warehouse.MAX_ROWS_LIMIT) {
      throw CodemodeCli.usage(
          spec, "--max-rows must be 1.." + Warehouse.MAX_ROWS_LIMIT + ", was " + maxRows);
    }
    // Decided: the rows are for a person, and --max-rows is their cap; the byte limit that keeps a
    // model's context small (1 MiB) would cut a 10,000-row default at about 8,500 invoice lines.
    try (DescribedWarehouse described = data.open(Warehouse.MAX_RESULT_BYTES)) {
      String problem = tenant == null ? null : data.tenantProblem(described, tenant);
      if (problem != null) {
        throw CodemodeCli.usage(spec, problem);
      }
      QueryResult result =
          described
              .warehouse()
              .query(
                  sql,
                  tenant == null
                      ? QueryPolicy.unscoped(maxRows)
                      : QueryPolicy.forTenant(tenant, maxRows),
                  timeout);
      List<ObjectNode> rows = result.rows();
      boolean forReading = format == OutputFormat.table || format == OutputFormat.markdown;
      boolean capped =
          forReading
              && CodemodeCli.environment(spec).terminal()
              && !spec.commandLine().getParseResult().hasMatchedOption("--max-rows")
              && rows.size() > TERMINAL_ROWS;
      List<ObjectNode> shown = capped ? rows.subList(0, TERMINAL_ROWS) : rows;
      if (chart.toStdout()) {
        return draw(rows, out, err) ? CodemodeCli.EXIT_OK : CodemodeCli.EXIT_FAILED;
      }
      switch (format) {
        case json -> out.println(result.toJson());
        case jsonl -> RowPrinter.jsonLines(out, rows);
        case csv -> RowPrinter.csv(out, result.columns(), rows);
        case table, markdown -> {
          if (format == OutputFormat.table) {
            RowPrinter.table(out, result.columns(), shown);
          } else {
            RowPrinter.markdown(out, result.columns(), shown);
          }
          String count =
              String.format(Locale.ROOT, "%,d", result.rowCount())
                  + (result.rowCount() == 1 ? " row" : " rows")
                  + (result.truncated() ? ", truncated at --max-rows " + maxRows : "");
          // Markdown's note goes to stderr: stdout stays a table to paste.
          (format == OutputFormat.table ? out : err)
              .println(
                  capped
                      ? "(first "
                          + TERMINAL_ROWS
                          + " of "
                          + count
                          + " shown on a terminal; --max-rows N or a pipe prints them all)"
                      : "(" + count + ")");
        }
      }
      out.flush();
      return !chart.requested() || draw(rows, out, err)
          ? CodemodeCli.EXIT_OK
          : CodemodeCli.EXIT_FAILED;
    } catch (SqlRefusedException e) {
      SqlRefusal refusal = e.refusal();
      err.println("refused: " + escape(refusal.message(), MESSAGE));
      return CodemodeCli.EXIT_REFUSED;
    } catch (WarehouseException e) {
      err.println("error: " + TerminalText.message(e));
      return CodemodeCli.EXIT_FAILED;
    }
  }

  /** The chart the rows' shape suggests, to --chart's file or stdout; false when there is none. */
  private boolean draw(List<ObjectNode> rows, PrintWriter out, PrintWriter err) {
    ArrayNode all = JsonNodeFactory.instance.arrayNode().addAll(rows);
    String drawn = chart.draw(() -> Chart.proposed(all), sql.strip(), out, err);
    if (drawn != null && !chart.toStdout()) {
      err.println("chart: " + escape(drawn, MESSAGE));
    }
    out.flush();
    return drawn != null;
  }
}
