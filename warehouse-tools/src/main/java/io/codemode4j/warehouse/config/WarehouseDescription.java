package io.codemode4j.warehouse.config;

import io.codemode4j.sql.SchemaExamples;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.warehouse.WarehouseNotes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One warehouse as a front end serves it: everything the CLI, the MCP server, the agent and the
 * Spring starter need to point Code Mode at a team's own data, read from a description file ({@link
 * WarehouseDescriptions#load}).
 *
 * @param subject what the warehouse is, as the query tool names it: "the shop warehouse"
 * @param connection where the tables live and who reads them
 * @param tenancy what a tenant is and which tenants exist, or {@link Tenancy.None}
 * @param tables the tables and views a program may read, by lowercase name, in the file's order
 * @param limits the row, byte and time limits of one query
 * @param packs the tool packs to install beside {@code warehouse.*}, by name, in order
 * @param examples the names refusals and advice write their SQL over, or {@code null} to find them
 *     in the tables themselves when the warehouse is opened
 * @param origin where the description came from, to name in every message about it
 */
public record WarehouseDescription(
    String subject,
    WarehouseConnection connection,
    Tenancy tenancy,
    Map<String, TableDescription> tables,
    QueryLimits limits,
    List<String> packs,
    @Nullable SchemaExamples examples,
    DescriptionOrigin origin) {

  public WarehouseDescription {
    Objects.requireNonNull(subject, "subject");
    Objects.requireNonNull(connection, "connection");
    Objects.requireNonNull(tenancy, "tenancy");
    Objects.requireNonNull(limits, "limits");
    Objects.requireNonNull(origin, "origin");
    tables = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(tables));
    packs = List.copyOf(packs);
    if (tables.isEmpty()) {
      throw new IllegalArgumentException("a warehouse description needs at least one table");
    }
  }

  /**
   * The allowlist of the described tables and views, each with its tenant scope, in {@code
   * dialect}, ready to build or to configure further.
   */
  public SqlAllowlist.Builder allowlist(Dialect dialect) {
    SqlAllowlist.Builder builder = SqlAllowlist.builder().dialect(dialect);
    tables.values().forEach(table -> builder.table(table.name(), table.scope()));
    if (examples != null) {
      builder.examples(examples);
    }
    return builder;
  }

  /** What the description says of the warehouse, its tables and columns, for the model. */
  public WarehouseNotes notes() {
    WarehouseNotes notes = WarehouseNotes.about(subject);
    for (TableDescription table : tables.values()) {
      if (table.description() != null) {
        notes = notes.withTable(table.name(), table.description());
      }
      for (var column : table.columns().entrySet()) {
        notes = notes.withColumn(table.name(), column.getKey(), column.getValue());
      }
    }
    return notes;
  }

  /** This description served from {@code connection} instead (a front end's override). */
  public WarehouseDescription withConnection(WarehouseConnection connection) {
    return new WarehouseDescription(
        subject, connection, tenancy, tables, limits, packs, examples, origin);
  }

  /** This description with other limits (a front end's override). */
  public WarehouseDescription withLimits(QueryLimits limits) {
    return new WarehouseDescription(
        subject, connection, tenancy, tables, limits, packs, examples, origin);
  }
}
