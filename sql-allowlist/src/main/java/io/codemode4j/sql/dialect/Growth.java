package io.codemode4j.sql.dialect;

/**
 * How much longer than its operands a function's value may be: what the allowlist needs to know of
 * a function to bound the strings a query builds before it runs (a query must not make the engine
 * build values whose size the program chose), and to check the arguments that decide the size.
 *
 * <p>Each constant names the rule the allowlist applies to a call of such a function, whatever the
 * function is called on an engine: DuckDB's {@code strftime}, PostgreSQL's {@code to_char} and
 * Trino's {@code date_format} all {@link #FORMATS_DATE}. A function a {@link FunctionCatalog} lists
 * without one is {@link #AT_MOST_OPERANDS}: list a string builder with its constant, or leave it
 * out of the catalog.
 */
public enum Growth {

  /**
   * At most as long as its longest operand, or a value of fixed size: a piece of a string ({@code
   * substr}), a pick among operands ({@code coalesce}), a number, date, boolean or hash.
   */
  AT_MOST_OPERANDS,

  /** Its operands one after the other ({@code concat}). */
  CONCATENATES,

  /** Its operands after the first, with the first between each two ({@code concat_ws}). */
  CONCATENATES_WITH_SEPARATOR,

  /**
   * As long as its second operand says ({@code lpad(s, width, fill)}, {@code rpad}): the width must
   * be a whole-number literal of at most 10,000, a computed width is refused.
   */
  PADS,

  /**
   * Its first operand, a format with {@code %} conversions ({@code printf('%5d', x)}), filled in:
   * the format must be a literal whose field widths and precisions are at most 10,000, none taken
   * from an argument ({@code %*d}).
   */
  FORMATS_PRINTF,

  /**
   * Its first operand, a format with {@code {}} fields ({@code format('{:>5}', x)}), filled in: the
   * format must be a literal whose field widths are at most 10,000, none taken from an argument.
   */
  FORMATS_FIELDS,

  /**
   * Its first operand with each occurrence of the second replaced by the third ({@code replace}):
   * the replacement must be a literal, so the growth is known.
   */
  REPLACES,

  /**
   * Its first operand with the first match of a regular expression, or every match with the option
   * {@code 'g'}, replaced by the third operand, whose {@code \0} to {@code \9} and {@code \&} copy
   * the match ({@code regexp_replace} of DuckDB and PostgreSQL): the replacement must be a literal.
   * A function that replaces every match by default does not fit this rule and is best left out.
   */
  REPLACES_REGEXP_MATCH,

  /**
   * A date or number written by a format ({@code strftime}, {@code to_char}, {@code date_format}),
   * up to 16 characters per character of the format, or of any operand when the format is computed.
   */
  FORMATS_DATE,

  /**
   * An aggregate joining the group's strings ({@code string_agg}, {@code listagg}): each row may
   * add at most 256 characters besides stored values, and its result may not be copied or grown.
   */
  AGGREGATES_STRINGS
}
