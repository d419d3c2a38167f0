package example;

// readme:embedding
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.OuterTool;
import io.codemode4j.bridge.OuterToolResult;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.audit.AuditLog;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseNotes;
import io.codemode4j.warehouse.WarehouseTools;
import java.nio.file.Path;
import java.util.Set;
import java.util.UUID;
import tools.jackson.databind.node.ObjectNode;

/** Code Mode over your own warehouse: your tables, each with its tenant key column. */
public final class OrdersAnalyst implements AutoCloseable {

  private final Warehouse warehouse;
  private final CodeMode codeMode;

  /**
   * {@code jdbcUrl} reaches the orders database as an identity that can read its tables and nothing
   * more: the allowlist decides what is asked, the database's privileges are the guard behind it.
   * ({@code Warehouse.builder(...).dataSource(ds)} or {@code .hikari(config)} take your pool instead.)
   */
  public OrdersAnalyst(String jdbcUrl, Path auditFile) throws Exception {
    SqlAllowlist allowlist =
        SqlAllowlist.builder()
            .table("shops", new TenantScope.ByColumn("shop"))
            .table("orders", new TenantScope.ByColumn("shop"))
            .build();
    warehouse =
        Warehouse.builder(allowlist)
            .jdbcUrl(jdbcUrl)
            // what the model reads in warehouse.query's description
            .notes(
                WarehouseNotes.about("the orders warehouse")
                    .withColumn("orders", "total_cents", "euro cents"))
            // shops may learn each other's values; else .tenantDataSources(shop -> its own pool)
            .confineTenantsByFiltersAlone()
            .build();
    codeMode =
        WarehouseTools.of(warehouse)
            .installInto(CodeMode.builder())
            // one JSON line per inner call and per pass
            .listener(AuditLog.appendingTo(auditFile, AuditLog.Arguments.OMITTED))
            .build();
  }

  /** The outer tool for an MCP server or a LangChain4j adapter: its spec and its handler, 1:1. */
  public OuterToolResult runJavascript(ObjectNode arguments, String user, Set<String> shops) {
    OuterTool runJavascript = codeMode.outerTool(); // ToolDiscovery's outerTool() is discover_tools
    // answer.json() is the structured content; answer.isError() is MCP's isError
    return runJavascript.handler().handle(arguments, run(user, shops));
  }

  /** Or a program run directly, with the whole ledger. */
  public PassOutcome run(String program, String user, Set<String> shops) {
    // outcome.calls() is every inner call with its status; outcome.egress().json() is what a model
    // may read: redacted, within maxEgressBytes
    return codeMode.run(program, run(user, shops));
  }

  private static RunContext run(String user, Set<String> shops) {
    return RunContext.of(UUID.randomUUID().toString(), Principal.ofTenant(user, shops));
  }

  @Override
  public void close() {
    codeMode.close();
    warehouse.close();
  }
}
// end readme:embedding
