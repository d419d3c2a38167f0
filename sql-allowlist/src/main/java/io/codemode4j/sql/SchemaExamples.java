package io.codemode4j.sql;

import io.codemode4j.sql.internal.Names;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names of the warehouse's own schema, by the role they play in the SQL a refusal shows: a
 * warehouse whose tables are {@code trips} and {@code drivers} is told "for the days from one date
 * to another, write date_diff('day', started_on, ended_on)", never about a sample it does not have.
 * Set with {@link SqlAllowlist.Builder#examples}, whose build checks that both tables are
 * allowlisted; {@link #neutral()} by default.
 *
 * <p>Each role is a placeholder of the templates a dialect's advice and the refusals are written in
 * ({@link #fill}): {@code {table}}, {@code {related_table}}, {@code {key}}, {@code {category}},
 * {@code {group}}, {@code {date}}, {@code {later_date}}, {@code {amount}} are the names below;
 * {@code {value}} is {@link #categoryValue} as a string literal ({@code 'shipped'}), {@code
 * {value_like}} a LIKE pattern of the values starting with it ({@code 'shipped%'}), {@code
 * {value_regex}} a regular expression of the same ({@code '^shipped'}); {@code {table_alias}} and
 * {@code {related_alias}} are short aliases of the two tables ({@code o}, {@code s}).
 *
 * @param table a table, e.g. {@code orders}
 * @param relatedTable a second table, joined to {@code table} on {@code key}, e.g. {@code stores};
 *     {@code table} itself where there is no other
 * @param key a column of both tables that {@code table}'s rows are grouped by, e.g. {@code
 *     store_id}
 * @param category a text column of {@code table} with few values, e.g. {@code status}
 * @param categoryValue one value of {@code category}, e.g. {@code shipped}: any text of 1 to 63
 *     characters without control characters, quoted by the examples
 * @param group a second column of {@code table} to group by, e.g. {@code channel}; {@code category}
 *     itself where there is no other
 * @param date a date column of {@code table}, e.g. {@code ordered_on}
 * @param laterDate a date column of {@code table} no earlier than {@code date}, e.g. {@code
 *     shipped_on}; {@code date} itself where there is no other
 * @param amount a numeric column of {@code table}, e.g. {@code amount}
 */
public record SchemaExamples(
    String table,
    String relatedTable,
    String key,
    String category,
    String categoryValue,
    String group,
    String date,
    String laterDate,
    String amount) {

  private static final SchemaExamples NEUTRAL =
      new SchemaExamples(
          "orders",
          "stores",
          "store_id",
          "status",
          "shipped",
          "channel",
          "ordered_on",
          "shipped_on",
          "amount");

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([^{}]*)\\}|[{}]");

  private static final String REGEX_METACHARACTERS = "\\.^$|?*+()[]{}";

  public SchemaExamples {
    Names.requireIdentifier(table, "example table");
    Names.requireIdentifier(relatedTable, "example related table");
    // Decided: a warehouse of one table, one date or one text column still gets examples of its
    // own names, so the related table may be the table (a self-join), the later date the date and
    // the group the category; every other role is a column of its own.
    List<String> columns = List.of(key, category, date, amount);
    Set<String> seen = new HashSet<>();
    for (String column : columns) {
      Names.requireIdentifier(column, "example column");
      if (!seen.add(column)) {
        throw new IllegalArgumentException(
            "the example column " + column + " plays two roles: name a column for each");
      }
    }
    Names.requireIdentifier(group, "example column");
    Names.requireIdentifier(laterDate, "example column");
    if (group.equals(key) || group.equals(date) || group.equals(amount)) {
      throw new IllegalArgumentException(
          "the example column " + group + " plays two roles: name a column for each");
    }
    if (laterDate.equals(key)
        || laterDate.equals(category)
        || laterDate.equals(group)
        || laterDate.equals(amount)) {
      throw new IllegalArgumentException(
          "the example column " + laterDate + " plays two roles: name a column for each");
    }
    Objects.requireNonNull(categoryValue, "categoryValue");
    if (categoryValue.isEmpty()
        || categoryValue.length() > 63
        || categoryValue.chars().anyMatch(Character::isISOControl)) {
      throw new IllegalArgumentException(
          "the example value '"
              + categoryValue
              + "' is not valid: write 1 to 63 characters without control characters");
    }
  }

  /**
   * Shop-like names of no warehouse in particular ({@code orders}, {@code stores}, {@code
   * store_id}, {@code status} = {@code 'shipped'}, {@code channel}, {@code ordered_on}, {@code
   * shipped_on}, {@code amount}): the examples of an allowlist not given its own.
   */
  public static SchemaExamples neutral() {
    return NEUTRAL;
  }

  /**
   * {@code template} with each placeholder ({@code {table}}, ... as the class comment lists them)
   * replaced by its name or literal.
   *
   * @throws IllegalArgumentException if {@code template} has a brace that is no placeholder
   */
  public String fill(String template) {
    Map<String, String> values =
        Map.ofEntries(
            Map.entry("table", table),
            Map.entry("related_table", relatedTable),
            Map.entry("key", key),
            Map.entry("category", category),
            Map.entry("value", literal(categoryValue)),
            Map.entry("value_like", literal(categoryValue.replace("%", "").replace("_", "") + "%")),
            Map.entry("value_regex", literal("^" + regexQuoted(categoryValue))),
            Map.entry("group", group),
            Map.entry("date", date),
            Map.entry("later_date", laterDate),
            Map.entry("amount", amount),
            Map.entry("table_alias", tableAlias()),
            Map.entry("related_alias", relatedAlias()));
    Matcher matcher = PLACEHOLDER.matcher(template);
    StringBuilder filled = new StringBuilder();
    while (matcher.find()) {
      String value = matcher.group(1) == null ? null : values.get(matcher.group(1));
      if (value == null) {
        throw new IllegalArgumentException(
            "'"
                + matcher.group()
                + "' in \""
                + template
                + "\" is no placeholder: use "
                + String.join(
                    ", ", values.keySet().stream().sorted().map(k -> "{" + k + "}").toList())
                + ", and braces only around them");
      }
      matcher.appendReplacement(filled, Matcher.quoteReplacement(value));
    }
    matcher.appendTail(filled);
    return filled.toString();
  }

  /** {@code table}'s alias: its first letter. */
  private String tableAlias() {
    return table.substring(0, 1);
  }

  /** {@code relatedTable}'s alias: its first letter, and a 2 where that is {@code table}'s. */
  private String relatedAlias() {
    String alias = relatedTable.substring(0, 1);
    return alias.equals(tableAlias()) ? alias + "2" : alias;
  }

  private static String literal(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  private static String regexQuoted(String text) {
    StringBuilder quoted = new StringBuilder();
    for (char c : text.toCharArray()) {
      if (REGEX_METACHARACTERS.indexOf(c) >= 0) {
        quoted.append('\\');
      }
      quoted.append(c);
    }
    return quoted.toString();
  }
}
