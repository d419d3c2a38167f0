package io.codemode4j.cli;

import static io.codemode4j.cli.TerminalText.Context.MESSAGE;
import static io.codemode4j.cli.TerminalText.escape;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlRefusal;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.QueryResult;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code codemode query SQL}: one query through the allowlist and the read-only warehouse. */
@Command(
    name = "query",
    mixinStandardHelpOptions = true,
    description = {
      "Run one read-only SQL query through the allowlist.",
      "Exit 0 with rows, 1 on a database error, 2 on a usage error, 3 when the allowlist refuses."
    })
final class QueryCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin DataOptions data;

  @Parameters(index = "0", paramLabel = "SQL", description = "One SELECT, WITH or VALUES query.")
  String sql;

  @Option(
      names = "--format",
      defaultValue = "table",
      description = "table, json or csv (default: ${DEFAULT-VALUE}).")
  OutputFormat format;

  @Option(
      names = "--tenant",
      paramLabel = "REGION[,REGION]",
      converter = TenantConverter.class,
      description = "Only rows of these regions are visible.")
  @Nullable Tenant tenant;

  @Option(
      names = "--max-rows",
      paramLabel = "N",
      defaultValue = "" + Warehouse.DEFAULT_MAX_ROWS,
      description = "Row cap (default: ${DEFAULT-VALUE}); a result over it says truncated.")
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
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (maxRows < 1 || maxRows > Warehouse.MAX_ROWS_LIMIT) {
      err.println("error: --max-rows must be 1.." + Warehouse.MAX_ROWS_LIMIT + ", was " + maxRows);
      return CodemodeCli.EXIT_USAGE;
    }
    // Decided: the rows are for a person, and --max-rows is their cap; the byte limit that keeps a
    // model's context small (1 MiB) would cut a 10,000-row default at about 8,500 invoice lines.
    try (Warehouse warehouse = data.openWarehouse(Warehouse.MAX_RESULT_BYTES)) {
      String unknown = tenant == null ? null : DataOptions.unknownRegions(warehouse, tenant);
      if (unknown != null) {
        err.println("error: " + unknown);
        return CodemodeCli.EXIT_USAGE;
      }
      QueryResult result =
          warehouse.query(
              sql,
              tenant == null
                  ? QueryPolicy.unscoped(maxRows)
                  : QueryPolicy.forTenant(tenant, maxRows),
              timeout);
      switch (format) {
        case json -> out.println(result.toJson());
        case csv -> RowPrinter.csv(out, result.columns(), result.rows());
        case table -> {
          RowPrinter.table(out, result.columns(), result.rows());
          out.println(
              "("
                  + result.rowCount()
                  + (result.rowCount() == 1 ? " row" : " rows")
                  + (result.truncated() ? ", truncated at --max-rows " + maxRows : "")
                  + ")");
        }
      }
      out.flush();
      return CodemodeCli.EXIT_OK;
    } catch (SqlRefusedException e) {
      SqlRefusal refusal = e.refusal();
      err.println("refused: " + escape(refusal.message(), MESSAGE));
      return CodemodeCli.EXIT_REFUSED;
    } catch (WarehouseException e) {
      err.println("error: " + TerminalText.message(e));
      return CodemodeCli.EXIT_FAILED;
    }
  }
}
