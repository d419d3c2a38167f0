package io.codemode4j.sql.internal;

import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.dialect.Growth;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlCharStringLiteral;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlJoin;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlOrderBy;
import org.apache.calcite.sql.SqlSelect;
import org.apache.calcite.sql.SqlSetOperator;
import org.apache.calcite.sql.SqlUnresolvedFunction;
import org.apache.calcite.sql.SqlWith;
import org.apache.calcite.sql.SqlWithItem;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.jspecify.annotations.Nullable;

/**
 * Bounds the strings a query builds, before it runs: a query cannot make DuckDB build values whose
 * size the program chose.
 *
 * <p>Why: DuckDB does not count the strings its functions build (2,048 rows a vector, a vector per
 * thread and expression node) against {@code memory_limit}, and it sees a statement cancel only
 * between vectors, so one row's work cannot be stopped. Measured on DuckDB 2.0.0.1 with {@code
 * memory_limit=200MB}: {@code replace(lpad('',10000,'x'),'x','xxxxxxxxxx')} over 150,000 rows
 * peaked at 610 MB RSS, two such replacements nested over 2,000 rows at 1.3 GB, and three over
 * 150,000 rows passed 3 GB; a CTE chain of {@code s||s||...} tenfold per level built 100,000,000
 * characters at 750 MB. Aggregated strings ({@code string_agg}, {@code listagg}, also as window
 * functions) are counted against {@code memory_limit} by DuckDB alone (it fails the query with "Out
 * of Memory"); PostgreSQL lets one grow to 1 GB, so each row may add only {@link
 * #MAX_AGGREGATED_CHARS} characters of the query's own to one.
 *
 * <p>Decided: every expression gets an upper bound on the length of its value, {@code data} copies
 * of the longest stored value plus {@code chars} characters the query itself chose, plus the
 * aggregated strings it holds. How a function's value grows is its {@link Growth} in the dialect's
 * catalog, never its name. Most functions return at most their longest operand (a piece of it, a
 * pick among operands, or a fixed-size value: {@code substr}, {@code coalesce}, {@code md5},
 * numbers, dates). The builders add or multiply: {@code ||}, {@code concat} and {@code concat_ws}
 * add their operands; {@code lpad}/{@code rpad} return their literal width ({@link WidthBounds});
 * {@code printf}/{@code format} return their literal format plus each field at its width or its
 * longest argument (a field may repeat an argument, {@code {0}{0}}); {@code replace} multiplies by
 * the ratio of its replacement's length to its search's, which must be literals; {@code
 * regexp_replace} by one plus the backreferences of its literal replacement ({@code \0} to {@code
 * \9}, and PostgreSQL's {@code \&} for the whole match), and with {@code 'g'} also by the
 * replacement's length, since every position may match; {@code strftime} (DuckDB), {@code to_char}
 * (PostgreSQL) and {@code date_format} (Trino) by {@value #FORMAT_GROWTH} of their format (no
 * specifier writes more than that many characters per character of the format). A column read from
 * a CTE, derived table or subquery, or an earlier select item by its alias, takes the largest bound
 * of that query's columns (coarse but sound: no column is tracked by name).
 *
 * <p>Decided: a bound before running rather than a check while running, since DuckDB offers no cap
 * on a string's size and a cancel does not stop a row mid-way; and a refusal rather than a cut, so
 * every answer stays exact. Refused, each with what to write instead: a built value of more than
 * {@link #MAX_CHARS} characters of the query's own, or of more than {@link #MAX_DATA_COPIES} copies
 * of stored values; built values of more than {@link #MAX_QUERY_CHARS} characters summed over the
 * whole query (each built expression is a vector of 2,048 values per thread); an aggregated string
 * copied or grown, since only the row count bounds its length, or adding more than {@link
 * #MAX_AGGREGATED_CHARS} characters of the query's own per row. So the largest value a query can
 * build is {@link #MAX_CHARS} characters (at most 4 bytes each) plus {@link #MAX_DATA_COPIES}
 * stored values, and a long text a program wants is built in JavaScript from the parts a query
 * returns.
 */
final class StringGrowth {

  /** The most characters of the query's own (literals, widths) one built value may hold. */
  static final long MAX_CHARS = 2L * FunctionAllowlist.MAX_PAD_WIDTH;

  /** The most copies of stored values one built value may hold. */
  static final long MAX_DATA_COPIES = 16;

  /**
   * The most characters besides stored values an aggregated string may add per row: a separator, a
   * label, a few numbers or dates (each bounded as {@code FIXED}). Decided: only DuckDB counts an
   * aggregate's state against a memory limit; PostgreSQL lets one value grow to 1 GB (measured on
   * PostgreSQL 15: {@code string_agg(lpad(product, 10000, 'x'), ',')} over the lines took 16 s and
   * a backend of 1 GB before "out of memory"), so what a query adds per row is bounded on every
   * engine, and the rest of the aggregate is the stored data itself.
   */
  static final long MAX_AGGREGATED_CHARS = 256;

  /** The most characters of the query's own all its built values may hold together. */
  static final long MAX_QUERY_CHARS = 10L * FunctionAllowlist.MAX_PAD_WIDTH;

  /**
   * The most a {@code strftime}, {@code to_char} or {@code date_format} format grows per character:
   * strftime's {@code %c} writes 19 characters for two, to_char's {@code RN} 15 for two and {@code
   * J} (the Julian day, up to the year 294276 of a PostgreSQL timestamp) 9 for one.
   */
  static final int FORMAT_GROWTH = 16;

  /** What a number, date, boolean or hash (any fixed-size value) is bounded by. */
  private static final Size FIXED = new Size(0, 64, 0);

  /** A column of an allowlisted table: one stored value. */
  private static final Size STORED = new Size(1, 0, 0);

  private static final Pattern BACKREFERENCE = Pattern.compile("\\\\[0-9&]");

  /** A number in a format field, its width or precision. */
  private static final Pattern DIGITS = Pattern.compile("\\d+");

  /**
   * An upper bound of a value's length: {@code data} copies of the longest stored value, plus
   * {@code chars} characters, plus {@code aggregates} aggregated strings.
   */
  private record Size(long data, long chars, long aggregates) {
    Size plus(Size other) {
      return new Size(data + other.data, chars + other.chars, aggregates + other.aggregates);
    }

    Size times(long factor) {
      return new Size(data * factor, chars * factor, aggregates * factor);
    }

    Size max(Size other) {
      return new Size(
          Math.max(data, other.data),
          Math.max(chars, other.chars),
          Math.max(aggregates, other.aggregates));
    }
  }

  private final Map<String, Size> ctes = new HashMap<>();
  private final FunctionAllowlist functions;
  private long queryChars;

  private StringGrowth(FunctionAllowlist functions) {
    this.functions = functions;
  }

  /**
   * Checks every string {@code query} (already approved by {@link QueryWalker}) may build, each
   * function bounded by its {@link Growth} in {@code functions}.
   */
  static void check(SqlNode query, FunctionAllowlist functions) throws SqlRefusedException {
    new StringGrowth(functions).query(query, FIXED);
  }

  // ---------------------------------------------------------------- queries

  /** The largest bound of the columns of {@code node}; {@code outer} bounds correlated columns. */
  private Size query(SqlNode node, Size outer) throws SqlRefusedException {
    return switch (node) {
      case SqlSelect select -> select(select, outer);
      case SqlOrderBy orderBy -> {
        Size columns = query(orderBy.query, outer);
        expression(orderBy.orderList, columns.max(outer));
        yield columns;
      }
      case SqlWith with -> {
        for (SqlNode item : with.withList) {
          SqlWithItem cte = (SqlWithItem) item;
          // A name reused by a nested WITH keeps the larger bound: no scope is tracked.
          ctes.merge(Names.fold(cte.name.getSimple()), query(cte.query, outer), Size::max);
        }
        yield query(with.body, outer);
      }
      case SqlCall call when call.getOperator() instanceof SqlSetOperator -> {
        Size columns = FIXED;
        for (SqlNode operand : call.getOperandList()) {
          columns = columns.max(query(operand, outer));
        }
        yield columns;
      }
      // VALUES: the largest of its rows' expressions.
      case SqlCall call -> largest(call.getOperandList(), outer);
      default -> FIXED;
    };
  }

  private Size select(SqlSelect select, Size outer) throws SqlRefusedException {
    Size visible = outer;
    if (select.getFrom() != null) {
      visible = visible.max(fromItem(select.getFrom(), outer));
    }
    // A select item may read an earlier one by its alias (DuckDB), so each sees those before it.
    Size columns = FIXED;
    for (SqlNode item : select.getSelectList()) {
      columns = columns.max(expression(item, visible.max(columns)));
    }
    Size all = visible.max(columns);
    expression(select.getWhere(), all);
    expression(select.getGroup(), all);
    expression(select.getHaving(), all);
    expression(select.getWindowList(), all);
    expression(select.getQualify(), all);
    expression(select.getOrderList(), all);
    return columns;
  }

  /** The largest bound of the columns a FROM item makes visible. */
  private Size fromItem(SqlNode node, Size outer) throws SqlRefusedException {
    return switch (node) {
      case SqlIdentifier id -> {
        Size cte = id.isSimple() ? ctes.get(Names.fold(id.getSimple())) : null;
        yield cte == null ? STORED : cte;
      }
      case SqlJoin join -> {
        Size left = fromItem(join.getLeft(), outer);
        // LATERAL on the right reads the left's columns.
        Size both = left.max(fromItem(join.getRight(), outer.max(left)));
        expression(join.getCondition(), outer.max(both));
        yield both;
      }
      case SqlCall call when call.getKind() == SqlKind.AS -> fromItem(call.operand(0), outer);
      case SqlCall call when call.getKind() == SqlKind.LATERAL -> query(call.operand(0), outer);
      case SqlCall call when call.getOperator() == DuckDbForms.TABLE_FUNCTION -> FIXED;
      default -> query(node, outer);
    };
  }

  // ---------------------------------------------------------------- expressions

  /** The bound of {@code node}'s value, where a column read is bounded by {@code columns}. */
  private Size expression(@Nullable SqlNode node, Size columns) throws SqlRefusedException {
    return switch (node) {
      case null -> FIXED;
      case SqlIdentifier id -> columns;
      case SqlCharStringLiteral literal -> new Size(0, text(literal).length(), 0);
      case SqlLiteral literal -> FIXED.max(new Size(0, literal.toString().length(), 0));
      case SqlNodeList list -> {
        Size largest = FIXED;
        for (SqlNode element : list) {
          largest = largest.max(expression(element, columns));
        }
        yield largest;
      }
      case SqlCall call when QueryWalker.QUERY_KINDS.contains(call.getKind()) ->
          query(call, columns);
      case SqlCall call when call.getKind() == SqlKind.AS -> expression(call.operand(0), columns);
      case SqlCall call -> call(call, columns);
      default -> FIXED;
    };
  }

  private Size call(SqlCall call, Size columns) throws SqlRefusedException {
    List<? extends @Nullable SqlNode> operands = call.getOperandList();
    if (call.getOperator() == SqlStdOperatorTable.CONCAT) {
      return built(call, "||", sum(operands, columns));
    }
    String name = functionName(call);
    return switch (functions.growth(name)) {
      case CONCATENATES -> built(call, name, sum(operands, columns));
      case CONCATENATES_WITH_SEPARATOR -> {
        if (operands.isEmpty()) {
          yield FIXED;
        }
        Size separator = expression(operands.get(0), columns);
        Size values = sum(operands.subList(1, operands.size()), columns);
        yield built(call, name, values.plus(separator.times(Math.max(0, operands.size() - 2))));
      }
      case PADS -> {
        largest(operands, columns);
        // WidthBounds admitted only a literal width; the value is cut or padded to it.
        yield built(
            call,
            name,
            new Size(
                0, NumericLiterals.value((SqlNumericLiteral) operand(call, 1)).longValue(), 0));
      }
      case FORMATS_PRINTF -> formatted(call, name, WidthBounds.PRINTF_SPEC, "%%", columns);
      case FORMATS_FIELDS -> formatted(call, name, WidthBounds.FORMAT_FIELD, "{{", columns);
      // With fewer operands the engine refuses the call when binding it.
      case REPLACES ->
          operands.size() < 3 ? largest(operands, columns) : replace(call, name, columns);
      case REPLACES_REGEXP_MATCH ->
          operands.size() < 3 ? largest(operands, columns) : regexpReplace(call, name, columns);
      case FORMATS_DATE -> {
        Size format = FIXED;
        Size largest = FIXED;
        for (SqlNode operand : operands) {
          Size size = expression(operand, columns);
          largest = largest.max(size);
          if (operand instanceof SqlCharStringLiteral literal) {
            format = new Size(0, text(literal).length(), 0);
          }
        }
        boolean literalFormat = operands.stream().anyMatch(SqlCharStringLiteral.class::isInstance);
        yield built(call, name, (literalFormat ? format : largest).times(FORMAT_GROWTH));
      }
      case AGGREGATES_STRINGS -> {
        Size row = sum(operands, columns);
        if (row.chars() > MAX_AGGREGATED_CHARS) {
          throw refuse(
              RefusalReason.TOO_COMPLEX,
              name,
              call,
              name
                  + " would add up to "
                  + row.chars()
                  + " characters per row besides stored values, over the limit of "
                  + MAX_AGGREGATED_CHARS
                  + ": aggregate the stored values with a short separator and build longer text"
                  + " in the program");
        }
        yield new Size(0, 0, 1);
      }
      case AT_MOST_OPERANDS -> largest(operands, columns);
    };
  }

  /** {@code printf}/{@code format}: the literal format, then each field at its width or value. */
  private Size formatted(SqlCall call, String name, Pattern field, String escape, Size columns)
      throws SqlRefusedException {
    List<? extends @Nullable SqlNode> operands = call.getOperandList();
    String format = text((SqlCharStringLiteral) operand(call, 0));
    Size argument = largest(operands.subList(1, operands.size()), columns);
    long fields = 0;
    long widths = 0;
    Matcher matcher = field.matcher(format);
    while (matcher.find()) {
      if (matcher.group().equals(escape)) {
        continue;
      }
      fields++;
      // A field is at most its width, or its precision plus a double's 309 integer digits.
      Matcher number = DIGITS.matcher(matcher.group());
      long widest = 0;
      while (number.find()) {
        widest = Math.max(widest, Long.parseLong(number.group()));
      }
      widths += widest + 320;
    }
    return built(call, name, argument.times(fields).plus(new Size(0, format.length() + widths, 0)));
  }

  private Size replace(SqlCall call, String name, Size columns) throws SqlRefusedException {
    Size value = largest(call.getOperandList(), columns);
    Size string = expression(operand(call, 0), columns);
    if (!(operand(call, 2) instanceof SqlCharStringLiteral replacement)) {
      throw refuse(
          RefusalReason.FUNCTION_NOT_ALLOWED,
          name,
          call,
          name
              + " takes its replacement written in the query, since a computed one can grow the"
              + " string without bound: write e.g. "
              + name
              + "(x, ',', '; ')");
    }
    long to = text(replacement).length();
    long factor;
    if (operand(call, 1) instanceof SqlCharStringLiteral search) {
      long from = text(search).length();
      // An empty search replaces nothing.
      factor = from == 0 ? 1 : Math.max(1, (to + from - 1) / from);
    } else {
      factor = Math.max(1, to);
    }
    return built(call, name, string.times(factor).max(value.max(string)));
  }

  private Size regexpReplace(SqlCall call, String name, Size columns) throws SqlRefusedException {
    List<? extends @Nullable SqlNode> operands = call.getOperandList();
    largest(operands, columns);
    Size string = expression(operand(call, 0), columns);
    if (!(operands.get(2) instanceof SqlCharStringLiteral replacement)) {
      throw refuse(
          RefusalReason.FUNCTION_NOT_ALLOWED,
          name,
          call,
          name
              + " takes its replacement written in the query, since a computed one can grow the"
              + " string without bound: write e.g. "
              + name
              + "(x, '\\s+', ' ', 'g')");
    }
    String to = text(replacement);
    long backreferences = BACKREFERENCE.matcher(to).results().count();
    // Options not written in the query may be 'g'.
    boolean global =
        operands.size() > 3
            && !(operands.get(3) instanceof SqlCharStringLiteral options
                && !text(options).contains("g"));
    long factor = 1 + backreferences + (global ? to.length() : 0);
    return built(call, name, string.times(factor).plus(new Size(0, to.length(), 0)));
  }

  /** Checks a built value's bound against the limits and adds it to the query's. */
  private Size built(SqlCall call, String name, Size size) throws SqlRefusedException {
    // One aggregated string may pass through (its state was counted by memory_limit); two copies,
    // or a grown one, would be built outside it.
    if (size.aggregates() > 1) {
      throw refuse(
          RefusalReason.TOO_COMPLEX,
          name,
          call,
          name
              + " would copy or grow a string_agg/listagg result, whose length only the row count"
              + " bounds: return the aggregate as it is and combine it in the program");
    }
    if (size.chars() > MAX_CHARS) {
      throw refuse(
          RefusalReason.TOO_COMPLEX,
          name,
          call,
          name
              + " could build a value of "
              + size.chars()
              + " characters, over the limit of "
              + MAX_CHARS
              + " for one value: return the parts and build long text in the program");
    }
    if (size.data() > MAX_DATA_COPIES) {
      throw refuse(
          RefusalReason.TOO_COMPLEX,
          name,
          call,
          name
              + " could copy a column's value "
              + size.data()
              + " times into one value (nested concatenations or growing replacements), over the"
              + " limit of "
              + MAX_DATA_COPIES
              + ": return the parts and combine them in the program");
    }
    queryChars += size.chars();
    if (queryChars > MAX_QUERY_CHARS) {
      throw refuse(
          RefusalReason.TOO_COMPLEX,
          name,
          call,
          "the query builds values of "
              + queryChars
              + " characters in all (padding, formats and literals), over the limit of "
              + MAX_QUERY_CHARS
              + ": build fewer or narrower values, or pad and format in the program");
    }
    return size;
  }

  private Size sum(List<? extends @Nullable SqlNode> operands, Size columns)
      throws SqlRefusedException {
    Size total = new Size(0, 0, 0);
    for (SqlNode operand : operands) {
      total = total.plus(expression(operand, columns));
    }
    return total;
  }

  private Size largest(List<? extends @Nullable SqlNode> operands, Size columns)
      throws SqlRefusedException {
    Size largest = FIXED;
    for (SqlNode operand : operands) {
      largest = largest.max(expression(operand, columns));
    }
    return largest;
  }

  private static SqlNode operand(SqlCall call, int index) {
    return java.util.Objects.requireNonNull(call.getOperandList().get(index), "operand");
  }

  private static String text(SqlCharStringLiteral literal) {
    return literal.getNlsString().getValue();
  }

  private static String functionName(SqlCall call) {
    if (call.getOperator() instanceof SqlUnresolvedFunction unresolved
        && unresolved.getSqlIdentifier() != null
        && unresolved.getSqlIdentifier().isSimple()) {
      return Names.fold(unresolved.getSqlIdentifier().getSimple());
    }
    return Names.fold(call.getOperator().getName());
  }

  private static SqlRefusedException refuse(
      RefusalReason reason, String element, SqlNode at, String message) {
    return SqlRefusedException.at(reason, element, at.getParserPosition(), message);
  }
}
