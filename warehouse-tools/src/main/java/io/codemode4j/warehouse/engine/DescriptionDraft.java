package io.codemode4j.warehouse.engine;

import static io.codemode4j.sql.SqlNames.inQuery;

import io.codemode4j.warehouse.config.WarehouseConnection;
import io.codemode4j.warehouse.config.WarehouseDescriptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * Drafts a description from a catalog ({@link WarehouseEngine#catalog}): every table and view with
 * the database's comments as notes, and, given a tenant column, each table keyed by it, or through
 * its foreign key to a keyed table.
 *
 * <p>Decided: the draft exposes nothing the user did not decide. With a tenant column, a table that
 * has neither the column nor a foreign key to a keyed table is left out (listed in a comment with
 * the two ways to add it), never drafted as shared; without one, there is no tenancy and every
 * table is read whole. The draft loads as written, and its comments say what was inferred.
 */
public final class DescriptionDraft {

  /** A name as a description writes it (its reader's rule): a lowercase identifier. */
  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** A {@code user=} or {@code password=} option of a JDBC URL, with its separator. */
  private static final Pattern CREDENTIAL =
      Pattern.compile("([?&;])(user|password)=([^&;]*)", Pattern.CASE_INSENSITIVE);

  private DescriptionDraft() {}

  /**
   * What to draft.
   *
   * @param subject what the warehouse is, for the query tool: "the warehouse"
   * @param tables the tables to draft, lowercase; empty for every table of the catalog
   * @param tenantColumn the column holding the tenant key, or {@code null} for no tenancy
   */
  public record Options(String subject, List<String> tables, @Nullable String tenantColumn) {
    public Options {
      Objects.requireNonNull(subject, "subject");
      tables = List.copyOf(tables);
    }
  }

  /**
   * The draft of a description of {@code catalog} read through {@code connection}, as YAML.
   *
   * @param relativeTo the directory the draft will be written to, so a data directory is written
   *     relative to it; {@code null} to write it absolute
   * @throws IllegalArgumentException when {@code options} names a table the catalog lacks, or a
   *     tenant column no table has, saying which there are
   */
  public static String yaml(
      WarehouseConnection connection,
      List<CatalogTable> catalog,
      Options options,
      @Nullable Path relativeTo) {
    Map<String, CatalogTable> byName = new LinkedHashMap<>();
    catalog.forEach(table -> byName.put(table.name(), table));
    List<CatalogTable> chosen = new ArrayList<>();
    for (String name : options.tables()) {
      CatalogTable table = byName.get(name);
      if (table == null) {
        throw new IllegalArgumentException(
            "there is no table or view "
                + name
                + " to draft (there are: "
                + String.join(", ", byName.keySet())
                + ")");
      }
      chosen.add(table);
    }
    List<CatalogTable> misnamed = new ArrayList<>();
    if (chosen.isEmpty()) {
      // A description names tables as lowercase identifiers; any other is left out, said why.
      for (CatalogTable table : catalog) {
        (IDENTIFIER.matcher(table.name()).matches() ? chosen : misnamed).add(table);
      }
    }
    for (CatalogTable table : chosen) {
      if (!IDENTIFIER.matcher(table.name()).matches()) {
        throw new IllegalArgumentException(
            "table '"
                + table.name()
                + "' is not a lowercase identifier (a-z, 0-9, _), which a description names its"
                + " tables by: serve it through a view of such a name");
      }
    }
    if (chosen.isEmpty()) {
      throw new IllegalArgumentException(
          "the reader sees no table or view there: check the schema, and that the reader may"
              + " read the tables");
    }
    Map<String, String> scopes = new LinkedHashMap<>();
    List<CatalogTable> leftOut = new ArrayList<>();
    String column = options.tenantColumn();
    if (column != null) {
      if (!IDENTIFIER.matcher(column).matches()) {
        throw new IllegalArgumentException(
            "tenant column '"
                + column
                + "' is not a lowercase identifier (a-z, 0-9, _), which a description's tenant key"
                + " must be: expose it under such a name through a view");
      }
      scopes = keyed(chosen, column);
      if (scopes.isEmpty()) {
        throw new IllegalArgumentException(
            "no table to draft has the tenant column "
                + column
                + " (their columns: "
                + chosen.stream()
                    .map(
                        t ->
                            t.name()
                                + " "
                                + t.columns().stream()
                                    .map(CatalogTable.CatalogColumn::name)
                                    .collect(Collectors.joining("/")))
                    .collect(Collectors.joining(", "))
                + ")");
      }
      for (CatalogTable table : chosen) {
        if (!scopes.containsKey(table.name())) {
          leftOut.add(table);
        }
      }
      chosen.removeAll(leftOut);
    }
    return write(connection, chosen, scopes, leftOut, misnamed, options, relativeTo);
  }

  /**
   * Each table's scope: {@code {column: COL}} where it has the tenant column, then {@code {column:
   * FK, parent: P, parentColumn: PK}} through a foreign key to a table already keyed, until no more
   * can be keyed.
   */
  private static Map<String, String> keyed(List<CatalogTable> tables, String column) {
    Map<String, String> scopes = new LinkedHashMap<>();
    for (CatalogTable table : tables) {
      if (table.hasColumn(column)) {
        scopes.put(table.name(), "{column: " + column + "}");
      }
    }
    boolean more = !scopes.isEmpty();
    while (more) {
      more = false;
      for (CatalogTable table : tables) {
        if (scopes.containsKey(table.name())) {
          continue;
        }
        for (CatalogTable.ForeignKey key : table.foreignKeys()) {
          if (scopes.containsKey(key.parentTable())) {
            scopes.put(
                table.name(),
                "{column: "
                    + key.column()
                    + ", parent: "
                    + key.parentTable()
                    + (key.parentColumn().equals(key.column())
                        ? ""
                        : ", parentColumn: " + key.parentColumn())
                    + "}");
            more = true;
            break;
          }
        }
      }
    }
    return scopes;
  }

  private static String write(
      WarehouseConnection connection,
      List<CatalogTable> tables,
      Map<String, String> scopes,
      List<CatalogTable> leftOut,
      List<CatalogTable> misnamed,
      Options options,
      @Nullable Path relativeTo) {
    StringBuilder out = new StringBuilder();
    out.append(
            "# A warehouse description drafted by `codemode init` from the database's catalog.\n")
        .append("# Review it before serving: a program may read every table listed here, and the\n")
        .append("# notes (from the database's comments) are what the model reads about them.\n")
        .append("$schema: ")
        .append(schemaId())
        .append('\n')
        .append("subject: ")
        .append(quote(options.subject()))
        .append('\n');
    out.append("connection:\n");
    switch (connection) {
      case WarehouseConnection.Jdbc jdbc -> {
        String url = jdbc.url();
        String urlUser = null;
        Matcher credentials = CREDENTIAL.matcher(url);
        while (credentials.find()) {
          if (credentials.group(2).equalsIgnoreCase("user")) {
            urlUser = credentials.group(3);
          }
        }
        out.append("  url: ").append(quote(withoutCredentials(url))).append('\n');
        String user = jdbc.user() != null ? jdbc.user() : urlUser;
        if (user != null) {
          out.append("  user: ").append(quote(user)).append('\n');
        }
        if (jdbc.passwordEnv() != null) {
          out.append("  passwordEnv: ").append(jdbc.passwordEnv()).append('\n');
        }
        if (jdbc.schema() != null) {
          out.append("  schema: ").append(jdbc.schema()).append('\n');
        }
      }
      case WarehouseConnection.Directory directory -> {
        Path dir = directory.directory();
        String written =
            relativeTo == null
                ? dir.toString()
                : relativeTo.toAbsolutePath().normalize().relativize(dir).toString();
        out.append("  directory: ").append(quote(written.isEmpty() ? "." : written)).append('\n');
      }
    }
    String column = options.tenantColumn();
    if (column != null) {
      List<String> byColumn =
          tables.stream()
              .filter(t -> scopes.getOrDefault(t.name(), "").equals("{column: " + column + "}"))
              .map(CatalogTable::name)
              .toList();
      // The tenants are listed best by a table whose key is the tenant column (one row per
      // tenant); without one, by every table keyed by the column, so none is missed.
      String query =
          tables.stream()
              .filter(t -> byColumn.contains(t.name()) && t.primaryKey().equals(List.of(column)))
              .findFirst()
              .map(t -> "SELECT DISTINCT " + inQuery(column) + " FROM " + inQuery(t.name()))
              .orElse(
                  byColumn.stream()
                      .map(table -> "SELECT " + inQuery(column) + " FROM " + inQuery(table))
                      .collect(Collectors.joining(" UNION ")));
      out.append("tenancy:\n")
          .append("  key: ")
          .append(quote(column.replace('_', ' ')))
          .append('\n')
          .append("  query: ")
          .append(quote(query))
          .append('\n');
    }
    out.append("tables:\n");
    for (CatalogTable table : tables) {
      out.append("  ").append(table.name()).append(":\n");
      out.append("    # ")
          .append(table.view() ? "view" : "table")
          .append(": ")
          .append(
              table.columns().stream()
                  .map(c -> c.name() + " " + c.type())
                  .collect(Collectors.joining(", ")))
          .append('\n');
      if (table.comment() != null) {
        out.append("    description: ").append(quote(table.comment())).append('\n');
      }
      String scope = scopes.get(table.name());
      if (scope != null) {
        out.append("    tenant: ").append(scope).append('\n');
      }
      // A note is keyed by its column's name, a lowercase identifier; another column's comment
      // stays in the type comment above, for the user to carry over through a view.
      List<CatalogTable.CatalogColumn> noted =
          table.columns().stream()
              .filter(c -> c.comment() != null && IDENTIFIER.matcher(c.name()).matches())
              .toList();
      if (!noted.isEmpty()) {
        out.append("    columns:\n");
        for (CatalogTable.CatalogColumn c : noted) {
          out.append("      ")
              .append(c.name())
              .append(": ")
              .append(quote(Objects.requireNonNull(c.comment())))
              .append('\n');
        }
      }
    }
    for (CatalogTable table : misnamed) {
      out.append("# Left out: ")
          .append(quote(table.name()))
          .append(" is not a lowercase identifier (a-z, 0-9, _), which a description names its\n")
          .append("# tables by: to serve it, create a view of such a name over it and add that.\n");
    }
    for (CatalogTable table : leftOut) {
      out.append("# Left out: ")
          .append(table.name())
          .append(" has no ")
          .append(column)
          .append(" column and no foreign key to a keyed table. To serve it, add it keyed\n")
          .append("# through its parent, e.g. tenant: {column: ID, parent: TABLE}, or as tenant:")
          .append(" shared (every tenant reads all of it).\n");
    }
    return out.toString();
  }

  /** {@code url} without the user information or the user and password options it holds. */
  static String withoutCredentials(String url) {
    String bare = url.replaceFirst("//[^/@?;]*@", "//");
    Matcher credentials = CREDENTIAL.matcher(bare);
    StringBuilder out = new StringBuilder();
    while (credentials.find()) {
      // Keep a leading '?' so the options after the removed one still start the query part.
      credentials.appendReplacement(out, credentials.group(1).equals("?") ? "?" : "");
    }
    credentials.appendTail(out);
    return out.toString().replace("?&", "?").replaceFirst("[?]$", "");
  }

  /** The schema's address, as the published schema names itself. */
  private static String schemaId() {
    try (var in =
        DescriptionDraft.class.getResourceAsStream(WarehouseDescriptions.SCHEMA_RESOURCE)) {
      return JSON.readTree(Objects.requireNonNull(in, "schema")).get("$id").asString();
    } catch (java.io.IOException e) {
      throw new IllegalStateException("the description schema of this jar cannot be read", e);
    }
  }

  /** {@code text} as a YAML double-quoted scalar (JSON's string syntax, which YAML reads). */
  private static String quote(String text) {
    return JSON.writeValueAsString(text);
  }
}
