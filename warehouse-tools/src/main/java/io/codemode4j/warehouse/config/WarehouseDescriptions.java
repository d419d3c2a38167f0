package io.codemode4j.warehouse.config;

import io.codemode4j.bridge.Durations;
import io.codemode4j.sql.SchemaExamples;
import io.codemode4j.sql.TenantScope;
import io.codemode4j.warehouse.config.Tenancy.TenantValues;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads warehouse description files: YAML ({@code .yaml}, {@code .yml}) or JSON ({@code .json}), in
 * the shape {@link #SCHEMA_RESOURCE} publishes for editors.
 *
 * <p>Decided: the shape is checked here, key by key, rather than by a JSON Schema validator at run
 * time, so every message is this project's own sentence naming the file, the line, what is wrong
 * and how to fix it (a validator's messages name schema keywords; a data binder's name Java types).
 * The published schema says the same, and a test holds the two together. Unknown keys are errors (a
 * misspelt {@code colums} must not silently drop the notes), and so is every value of the wrong
 * kind. What only the database can tell (a table or column it lacks) is checked when the
 * description is opened, with the same line numbers ({@link DescriptionOrigin}).
 */
public final class WarehouseDescriptions {

  /** The JSON Schema of the format, a classpath resource of this jar. */
  public static final String SCHEMA_RESOURCE =
      "/io/codemode4j/warehouse/config/warehouse-description.schema.json";

  /** The keys of each object of the format; the schema has the same. */
  static final Set<String> TOP_KEYS =
      Set.of(
          "$schema", "subject", "connection", "tenancy", "tables", "limits", "packs", "examples");

  static final Set<String> CONNECTION_KEYS =
      Set.of(
          "url", "directory", "user", "passwordEnv", "schema", "tenantUser", "tenantPasswordEnv");

  static final Set<String> TENANCY_KEYS = Set.of("key", "values", "query");
  static final Set<String> TABLE_KEYS = Set.of("description", "tenant", "columns", "view");
  static final Set<String> TENANT_KEYS = Set.of("column", "parent", "parentColumn");
  static final Set<String> LIMITS_KEYS = Set.of("maxRows", "maxResultBytes", "queryTimeout");
  static final Set<String> EXAMPLES_KEYS =
      Set.of(
          "table",
          "relatedTable",
          "key",
          "category",
          "value",
          "group",
          "date",
          "laterDate",
          "amount");

  /** A table, column or pack name: a lowercase identifier. */
  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  /**
   * A secret in a JDBC URL: an option naming a password or token ({@code ?password=}, {@code
   * ;password=}, Trino's {@code accessToken=}), or user information with a password ({@code
   * //user:secret@host}).
   */
  private static final Pattern SECRET_IN_URL =
      Pattern.compile(
          "[?&;](password|passwd|pwd|[a-z_]*token|[a-z_]*secret)=|//[^/@?;]*:[^/@?;]*@",
          Pattern.CASE_INSENSITIVE);

  private static final String DEFAULT_SUBJECT = "the warehouse";

  private static final YAMLMapper YAML = YAMLMapper.builder().build();
  private static final JsonMapper JSON =
      JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  private WarehouseDescriptions() {}

  /**
   * Reads the description in {@code file}; a relative {@code directory} in it is relative to the
   * file's own directory.
   *
   * @throws DescriptionException naming the file (and line) when it cannot be read or is not a
   *     valid description
   */
  public static WarehouseDescription load(Path file) throws DescriptionException {
    Objects.requireNonNull(file, "file");
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new DescriptionException(
          file + ": no such description file (write one with `codemode init`)", e);
    } catch (IOException e) {
      throw new DescriptionException(file + ": cannot be read: " + e.getMessage(), e);
    }
    Path base = Objects.requireNonNull(file.toAbsolutePath().normalize().getParent());
    return parse(text, file.toString(), base, isJson(file.toString()));
  }

  /**
   * Reads the description in the classpath resource {@code resource} of {@code loader}; a relative
   * {@code directory} in it is relative to {@code base}.
   */
  public static WarehouseDescription loadResource(ClassLoader loader, String resource, Path base)
      throws DescriptionException {
    String name = "classpath:" + resource;
    try (InputStream in = loader.getResourceAsStream(resource)) {
      if (in == null) {
        throw new DescriptionException(name + ": no such resource on the classpath");
      }
      return parse(
          new String(in.readAllBytes(), StandardCharsets.UTF_8), name, base, isJson(resource));
    } catch (IOException e) {
      throw new DescriptionException(name + ": cannot be read: " + e.getMessage(), e);
    }
  }

  /**
   * Reads the description {@code text}, named {@code name} in messages, relative directories
   * resolved against {@code base}.
   */
  public static WarehouseDescription parse(String text, String name, Path base, boolean json)
      throws DescriptionException {
    Objects.requireNonNull(text, "text");
    ObjectMapper mapper = json ? JSON : YAML;
    Map<String, Integer> lines = new HashMap<>();
    JsonNode root;
    try {
      lines = lines(mapper, text);
      root = mapper.readTree(text);
    } catch (JacksonException e) {
      int line = e.getLocation() == null ? -1 : e.getLocation().getLineNr();
      throw new DescriptionException(
          name
              + (line > 0 ? ":" + line : "")
              + ": not valid "
              + (json ? "JSON" : "YAML")
              + ": "
              + e.getOriginalMessage(),
          e);
    }
    DescriptionOrigin origin = new DescriptionOrigin(name, lines);
    return new Reader(origin, base).description(root);
  }

  private static boolean isJson(String name) {
    return name.toLowerCase(Locale.ROOT).endsWith(".json");
  }

  /** The line of every key and value, by JSON pointer, as the parser met them. */
  private static Map<String, Integer> lines(ObjectMapper mapper, String text) {
    Map<String, Integer> lines = new HashMap<>();
    try (JsonParser parser = mapper.createParser(text)) {
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        String pointer = parser.streamReadContext().pathAsPointer().toString();
        lines.putIfAbsent(pointer, parser.currentTokenLocation().getLineNr());
      }
    }
    return lines;
  }

  /** Reads one document, each problem named at its line. */
  private record Reader(DescriptionOrigin origin, Path base) {

    WarehouseDescription description(JsonNode root) throws DescriptionException {
      if (root == null || root.isMissingNode() || root.isNull()) {
        throw problem("", "the description is empty: give at least its tables (see codemode init)");
      }
      ObjectNode top = object(root, "", "the description");
      keys(top, "", TOP_KEYS, "the description");
      String subject = text(top, "/subject", "subject", DEFAULT_SUBJECT);
      Tenancy tenancy = tenancy(top.get("tenancy"));
      Map<String, TableDescription> tables = tables(top.get("tables"), tenancy);
      WarehouseConnection connection = connection(top.get("connection"));
      QueryLimits limits = limits(top.get("limits"));
      List<String> packs = packs(top.get("packs"));
      SchemaExamples examples = examples(top.get("examples"), tables);
      if (connection instanceof WarehouseConnection.Jdbc jdbc
          && jdbc.tenantUser() != null
          && tenancy instanceof Tenancy.None) {
        throw problem(
            "/connection/tenantUser",
            "connection.tenantUser gives each tenant a user of its own, but the description has"
                + " no tenancy: add tenancy (its key and values) or remove tenantUser");
      }
      if (connection instanceof WarehouseConnection.Jdbc) {
        for (TableDescription table : tables.values()) {
          if (table.view() != null) {
            throw problem(
                "/tables/" + table.name() + "/view",
                "view applies to a directory connection, where the description defines the"
                    + " views over the files; a database has its views already: remove it");
          }
        }
      }
      return new WarehouseDescription(
          subject, connection, tenancy, tables, limits, packs, examples, origin);
    }

    private WarehouseConnection connection(@Nullable JsonNode node) throws DescriptionException {
      if (node == null) {
        // Decided: a description without a connection describes the files beside it, as the
        // bundled sample's does; a front end may still point it elsewhere (--data, --warehouse).
        return new WarehouseConnection.Directory(base, null);
      }
      String at = "/connection";
      ObjectNode connection = object(node, at, "connection");
      keys(connection, at, CONNECTION_KEYS, "connection");
      String url = optionalText(connection, at + "/url", "connection.url");
      String directory = optionalText(connection, at + "/directory", "connection.directory");
      String schema = optionalText(connection, at + "/schema", "connection.schema");
      if (schema != null && !IDENTIFIER.matcher(schema).matches()) {
        throw problem(
            at + "/schema",
            "connection.schema '" + schema + "' is not a lowercase identifier (a-z, 0-9, _)");
      }
      if (url != null && directory != null) {
        throw problem(
            at,
            "connection takes one of url (a JDBC URL, e.g. jdbc:postgresql://host/db) and"
                + " directory (parquet or CSV files, one per table), not both");
      }
      if (url == null) {
        for (String key : List.of("user", "passwordEnv", "tenantUser", "tenantPasswordEnv")) {
          if (connection.has(key)) {
            throw problem(
                at + "/" + key,
                "connection." + key + " applies to a url; a directory is read by no user");
          }
        }
        Path dir = directory == null ? base : Path.of(directory);
        if (!dir.isAbsolute()) {
          dir = base.resolve(dir);
        }
        return new WarehouseConnection.Directory(dir, schema);
      }
      if (url != null && !url.startsWith("jdbc:")) {
        throw problem(
            at + "/url",
            "connection.url is not a JDBC URL: write it jdbc:ENGINE:..., e.g."
                + " jdbc:postgresql://host:5432/db");
      }
      if (url != null && SECRET_IN_URL.matcher(url).find()) {
        // Never echoed: the URL holds the very secret the message is about.
        throw problem(
            at + "/url",
            "connection.url holds a secret (a password or token option, or user:password@): a"
                + " description is a file people share and commit, so take it out of the URL and"
                + " name the environment variable that holds it instead (passwordEnv: VAR)");
      }
      String tenantUser = optionalText(connection, at + "/tenantUser", "connection.tenantUser");
      if (tenantUser != null && !tenantUser.contains("{tenant}")) {
        throw problem(
            at + "/tenantUser",
            "connection.tenantUser '"
                + tenantUser
                + "' must contain {tenant} where the tenant's key goes, e.g. tenant_{tenant}");
      }
      return new WarehouseConnection.Jdbc(
          Objects.requireNonNull(url),
          optionalText(connection, at + "/user", "connection.user"),
          variable(connection, at + "/passwordEnv", "connection.passwordEnv"),
          schema,
          tenantUser,
          variable(connection, at + "/tenantPasswordEnv", "connection.tenantPasswordEnv"));
    }

    private Tenancy tenancy(@Nullable JsonNode node) throws DescriptionException {
      if (node == null) {
        return new Tenancy.None();
      }
      String at = "/tenancy";
      ObjectNode tenancy = object(node, at, "tenancy");
      keys(tenancy, at, TENANCY_KEYS, "tenancy");
      String key = optionalText(tenancy, at + "/key", "tenancy.key");
      if (key == null) {
        throw problem(
            at, "tenancy needs its key: what one tenant value is called, e.g. key: store");
      }
      JsonNode values = tenancy.get("values");
      String query = optionalText(tenancy, at + "/query", "tenancy.query");
      if ((values == null) == (query == null)) {
        throw problem(
            at,
            "tenancy needs exactly one of values (a list, e.g. [north, south]) and query (one"
                + " column of distinct key values, e.g. SELECT DISTINCT store FROM stores)");
      }
      TenantValues source;
      try {
        source =
            query != null
                ? new TenantValues.Queried(query)
                : new TenantValues.Listed(strings(values, at + "/values", "tenancy.values"));
        return new Tenancy.Keyed(key, source);
      } catch (IllegalArgumentException e) {
        throw problem(at, "tenancy: " + e.getMessage());
      }
    }

    private Map<String, TableDescription> tables(@Nullable JsonNode node, Tenancy tenancy)
        throws DescriptionException {
      if (node == null) {
        throw problem(
            "",
            "the description lists no tables: add tables, each table a program may read by its"
                + " name (codemode init drafts them from the database)");
      }
      ObjectNode tables = object(node, "/tables", "tables");
      if (tables.isEmpty()) {
        throw problem("/tables", "tables is empty: list at least one table a program may read");
      }
      Map<String, TableDescription> out = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> entry : tables.properties()) {
        String name = entry.getKey();
        String at = "/tables/" + pointerEscape(name);
        if (!IDENTIFIER.matcher(name).matches()) {
          throw problem(
              at,
              "table name '"
                  + name
                  + "' is not a lowercase identifier (a-z, 0-9, _, as the database folds it)");
        }
        out.put(name, table(name, entry.getValue(), at, tenancy));
      }
      for (TableDescription table : out.values()) {
        if (table.scope() instanceof TenantScope.ThroughParent through) {
          TableDescription parent = out.get(through.parentTable());
          String where = "/tables/" + table.name() + "/tenant/parent";
          if (parent == null) {
            throw problem(
                where,
                "table "
                    + table.name()
                    + " is keyed through "
                    + through.parentTable()
                    + ", which the description does not list: add it, keyed by its own column");
          }
          if (parent.scope() instanceof TenantScope.Shared) {
            throw problem(
                where,
                "table "
                    + table.name()
                    + " is keyed through "
                    + through.parentTable()
                    + ", which is shared, so every tenant would read all of it: key it by a"
                    + " column, through a keyed parent, or make it shared itself");
          }
        }
      }
      return out;
    }

    private TableDescription table(String name, JsonNode node, String at, Tenancy tenancy)
        throws DescriptionException {
      // A table written alone (`orders:`) takes every default.
      ObjectNode table =
          node.isNull() ? JsonNodeFactory.instance.objectNode() : object(node, at, "table " + name);
      keys(table, at, TABLE_KEYS, "table " + name);
      String description = optionalText(table, at + "/description", name + ".description");
      String view = optionalText(table, at + "/view", name + ".view");
      Map<String, String> columns = new LinkedHashMap<>();
      JsonNode columnNode = table.get("columns");
      if (columnNode != null) {
        ObjectNode notes = object(columnNode, at + "/columns", name + ".columns");
        for (Map.Entry<String, JsonNode> column : notes.properties()) {
          String where = at + "/columns/" + pointerEscape(column.getKey());
          if (!IDENTIFIER.matcher(column.getKey()).matches()) {
            throw problem(
                where,
                "column name '"
                    + column.getKey()
                    + "' is not a lowercase identifier (a-z, 0-9, _)");
          }
          if (!column.getValue().isString() || column.getValue().asString().isBlank()) {
            throw problem(
                where,
                name
                    + ".columns."
                    + column.getKey()
                    + " must be the note the model reads about the column, as text");
          }
          columns.put(column.getKey(), column.getValue().asString().strip());
        }
      }
      TenantScope scope = scope(name, table.get("tenant"), at + "/tenant", tenancy);
      return new TableDescription(name, description, scope, columns, view);
    }

    /** A table's {@code tenant}: {@code shared}, {@code {column}} or {@code {column, parent}}. */
    private TenantScope scope(String table, @Nullable JsonNode node, String at, Tenancy tenancy)
        throws DescriptionException {
      if (tenancy instanceof Tenancy.None) {
        if (node != null && !(node.isString() && node.asString().equals("shared"))) {
          throw problem(
              at,
              "table "
                  + table
                  + " is keyed by tenant, but the description has no tenancy: add tenancy (its"
                  + " key and values) or remove the table's tenant");
        }
        return new TenantScope.Shared();
      }
      if (node == null) {
        throw problem(
            at.substring(0, at.lastIndexOf('/')),
            "table "
                + table
                + " does not say how it is keyed by tenant: add tenant: {column: COLUMN} (its"
                + " tenant key column), tenant: {column: COLUMN, parent: TABLE} (the parent row"
                + " it belongs to), or tenant: shared (every tenant reads all of it)");
      }
      if (node.isString()) {
        if (node.asString().equals("shared")) {
          return new TenantScope.Shared();
        }
        throw problem(
            at,
            table
                + ".tenant '"
                + node.asString()
                + "' is not a scope: write shared, {column: COLUMN} or {column: COLUMN, parent:"
                + " TABLE}");
      }
      ObjectNode tenant = object(node, at, table + ".tenant");
      keys(tenant, at, TENANT_KEYS, table + ".tenant");
      String column = optionalText(tenant, at + "/column", table + ".tenant.column");
      String parent = optionalText(tenant, at + "/parent", table + ".tenant.parent");
      String parentColumn =
          optionalText(tenant, at + "/parentColumn", table + ".tenant.parentColumn");
      if (column == null) {
        throw problem(at, table + ".tenant needs its column: the column holding the key");
      }
      if (parent == null && parentColumn != null) {
        throw problem(
            at + "/parentColumn",
            table + ".tenant.parentColumn applies with parent: name the parent table too");
      }
      try {
        return parent == null
            ? new TenantScope.ByColumn(column)
            : new TenantScope.ThroughParent(
                column, parent, parentColumn == null ? column : parentColumn);
      } catch (IllegalArgumentException e) {
        throw problem(at, table + ".tenant: " + e.getMessage());
      }
    }

    private QueryLimits limits(@Nullable JsonNode node) throws DescriptionException {
      if (node == null) {
        return QueryLimits.DEFAULTS;
      }
      String at = "/limits";
      ObjectNode limits = object(node, at, "limits");
      keys(limits, at, LIMITS_KEYS, "limits");
      QueryLimits defaults = QueryLimits.DEFAULTS;
      int maxRows = integer(limits, at + "/maxRows", "limits.maxRows", defaults.maxRows());
      int maxResultBytes =
          integer(
              limits, at + "/maxResultBytes", "limits.maxResultBytes", defaults.maxResultBytes());
      Duration timeout = defaults.queryTimeout();
      String written = optionalText(limits, at + "/queryTimeout", "limits.queryTimeout");
      if (written != null) {
        try {
          timeout = Durations.parse(written);
        } catch (IllegalArgumentException e) {
          throw problem(at + "/queryTimeout", "limits.queryTimeout: " + e.getMessage());
        }
      }
      try {
        return new QueryLimits(maxRows, maxResultBytes, timeout);
      } catch (IllegalArgumentException e) {
        throw problem(at, "limits." + e.getMessage());
      }
    }

    /** The names refusals write their SQL over, each role a name of the described tables. */
    private @Nullable SchemaExamples examples(
        @Nullable JsonNode node, Map<String, TableDescription> tables) throws DescriptionException {
      if (node == null) {
        return null;
      }
      String at = "/examples";
      ObjectNode examples = object(node, at, "examples");
      keys(examples, at, EXAMPLES_KEYS, "examples");
      Map<String, String> roles = new LinkedHashMap<>();
      for (String role :
          List.of(
              "table",
              "relatedTable",
              "key",
              "category",
              "value",
              "group",
              "date",
              "laterDate",
              "amount")) {
        String name = optionalText(examples, at + "/" + role, "examples." + role);
        if (name == null) {
          throw problem(
              at,
              "examples needs every role: table, relatedTable, key, category, value, group, date,"
                  + " laterDate, amount (or leave examples out to find them in the tables)");
        }
        roles.put(role, name);
      }
      for (String role : List.of("table", "relatedTable")) {
        if (!tables.containsKey(roles.get(role))) {
          throw problem(
              at + "/" + role,
              "examples." + role + " " + roles.get(role) + " is not a described table");
        }
      }
      try {
        return new SchemaExamples(
            Objects.requireNonNull(roles.get("table")),
            Objects.requireNonNull(roles.get("relatedTable")),
            Objects.requireNonNull(roles.get("key")),
            Objects.requireNonNull(roles.get("category")),
            Objects.requireNonNull(roles.get("value")),
            Objects.requireNonNull(roles.get("group")),
            Objects.requireNonNull(roles.get("date")),
            Objects.requireNonNull(roles.get("laterDate")),
            Objects.requireNonNull(roles.get("amount")));
      } catch (IllegalArgumentException e) {
        throw problem(at, "examples: " + e.getMessage());
      }
    }

    private List<String> packs(@Nullable JsonNode node) throws DescriptionException {
      if (node == null) {
        return List.of();
      }
      List<String> packs = strings(node, "/packs", "packs");
      for (int i = 0; i < packs.size(); i++) {
        if (packs.indexOf(packs.get(i)) != i) {
          throw problem("/packs/" + i, "pack " + packs.get(i) + " is listed twice");
        }
      }
      return packs;
    }

    // ---------------------------------------------------------------- values

    private ObjectNode object(JsonNode node, String at, String what) throws DescriptionException {
      if (node instanceof ObjectNode object) {
        return object;
      }
      throw problem(at, what + " must be a mapping of keys to values, was " + kind(node));
    }

    private void keys(ObjectNode node, String at, Set<String> known, String what)
        throws DescriptionException {
      for (String key : node.propertyNames()) {
        if (!known.contains(key)) {
          String near = nearest(key, known);
          throw problem(
              at + "/" + pointerEscape(key),
              "unknown key '"
                  + key
                  + "' in "
                  + what
                  + (near == null ? "" : ": did you mean " + near + "?")
                  + " (its keys are "
                  + String.join(", ", known.stream().sorted().toList())
                  + ")");
        }
      }
    }

    private String text(ObjectNode node, String at, String what, String fallback)
        throws DescriptionException {
      String text = optionalText(node, at, what);
      return text == null ? fallback : text;
    }

    private @Nullable String optionalText(ObjectNode node, String at, String what)
        throws DescriptionException {
      JsonNode value = node.get(at.substring(at.lastIndexOf('/') + 1));
      if (value == null) {
        return null;
      }
      if (!value.isString() || value.asString().isBlank()) {
        throw problem(at, what + " must be text, was " + kind(value));
      }
      return value.asString().strip();
    }

    /** The name of an environment variable: a password's place, never the password. */
    private @Nullable String variable(ObjectNode node, String at, String what)
        throws DescriptionException {
      String name = optionalText(node, at, what);
      if (name != null && !WarehouseConnection.VARIABLE.matcher(name).matches()) {
        throw problem(
            at,
            what
                + " must name an environment variable (letters, digits and _), was '"
                + name
                + "': the password itself never goes in a description");
      }
      return name;
    }

    private int integer(ObjectNode node, String at, String what, int fallback)
        throws DescriptionException {
      JsonNode value = node.get(at.substring(at.lastIndexOf('/') + 1));
      if (value == null) {
        return fallback;
      }
      if (!value.isIntegralNumber() || !value.canConvertToInt()) {
        throw problem(at, what + " must be a whole number, was " + kind(value));
      }
      return value.asInt();
    }

    private List<String> strings(JsonNode node, String at, String what)
        throws DescriptionException {
      if (!(node instanceof ArrayNode array)) {
        throw problem(at, what + " must be a list, was " + kind(node));
      }
      List<String> values = new ArrayList<>();
      for (int i = 0; i < array.size(); i++) {
        JsonNode item = array.get(i);
        if (!item.isString() || item.asString().isBlank()) {
          throw problem(at + "/" + i, what + " holds text only, was " + kind(item));
        }
        values.add(item.asString().strip());
      }
      return values;
    }

    private DescriptionException problem(String at, String message) {
      return DescriptionException.at(origin, at, message);
    }
  }

  /** What a value is, in the words of the format rather than of any library. */
  private static String kind(JsonNode node) {
    if (node.isObject()) {
      return "a mapping";
    }
    if (node.isArray()) {
      return "a list";
    }
    if (node.isNull()) {
      return "empty";
    }
    if (node.isString()) {
      return node.asString().isBlank() ? "blank text" : "text";
    }
    if (node.isBoolean()) {
      return "true/false";
    }
    if (node.isNumber()) {
      return "the number " + node.asString();
    }
    return "not a value";
  }

  /** The known key closest to {@code key} by edit distance, if any is within two edits. */
  private static @Nullable String nearest(String key, Set<String> known) {
    String best = null;
    int bestDistance = 3;
    for (String candidate : known) {
      int distance = distance(key.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
      if (distance < bestDistance) {
        best = candidate;
        bestDistance = distance;
      }
    }
    return best;
  }

  private static int distance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        current[j] =
            Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }

  /** {@code name} as one JSON pointer segment. */
  static String pointerEscape(String name) {
    return name.replace("~", "~0").replace("/", "~1");
  }
}
