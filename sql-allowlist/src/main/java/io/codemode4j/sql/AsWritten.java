package io.codemode4j.sql;

import java.math.BigDecimal;
import java.util.regex.Pattern;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIntervalQualifier;
import org.apache.calcite.sql.SqlLiteral;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.util.SqlShuttle;

/**
 * Keeps numbers and {@code EXTRACT} units as they were written, so DuckDB gives the rendering the types and
 * labels it gives the submitted text.
 *
 * <p>Calcite keeps a number's value, not its spelling: {@code 42.} renders as {@code 42} (DuckDB's
 * DECIMAL(2,0) becomes INTEGER), {@code .34} as {@code 0.34} (DECIMAL(2,2) becomes DECIMAL(3,2)), {@code 1e3}
 * as {@code 1E3}; and DuckDB names an unaliased column after the literal's text, so the row key changes with
 * the spelling. This pass replaces each number of the parsed tree by one that renders the digits of its
 * source text, checked to be a plain number ({@link #NUMBER}); a number whose text is anything else keeps
 * Calcite's rendering. A negative number renders in parentheses, {@code (-5)}: DuckDB applies a sign after
 * {@code ::} ({@code -5::VARCHAR} is {@code -(5::VARCHAR)}), and the parentheses change neither the type nor
 * the label ({@code -5} either way).
 *
 * <p>Likewise DuckDB labels {@code EXTRACT(dow FROM d)} {@code date_part('dow', d)}, with the unit as
 * written, where Calcite renders {@code EXTRACT(DOW FROM d)}, labelled {@code date_part('DOW', d)}: the pass
 * writes such a call as {@code DATE_PART('dow', d)}, the same function with the written unit, when the unit's
 * text is a plain word.
 */
final class AsWritten extends SqlShuttle {

    /** An unsigned number as DuckDB and Calcite both read it. */
    private static final Pattern NUMBER =
            Pattern.compile("([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?");

    /** A unit of EXTRACT as a plain word, e.g. {@code dow} or {@code Year}. */
    private static final Pattern UNIT = Pattern.compile("[A-Za-z_]+");

    private final SqlScan text;

    private AsWritten(SqlScan text) {
        this.text = text;
    }

    /** {@code query}, parsed from {@code text}, with its numbers rendering as written; the input is not changed. */
    static SqlNode keep(SqlNode query, SqlScan text) {
        return query.accept(new AsWritten(text));
    }

    @Override
    public SqlNode visit(SqlCall call) {
        SqlNode visited = super.visit(call);
        if (visited instanceof SqlCall extract && extract.getOperator() == SqlStdOperatorTable.EXTRACT
                && extract.operand(0) instanceof SqlIntervalQualifier unit) {
            String written = written(unit.getParserPosition());
            if (written != null && UNIT.matcher(written).matches()) {
                return SqlLibraryOperators.DATE_PART.createCall(extract.getParserPosition(),
                        SqlLiteral.createCharString(written, unit.getParserPosition()), extract.operand(1));
            }
        }
        return visited;
    }

    @Override
    public SqlNode visit(SqlLiteral literal) {
        if (!(literal instanceof SqlNumericLiteral number) || literal instanceof Written) {
            return literal;
        }
        String digits = digits(number.getParserPosition());
        BigDecimal value = number.bigDecimalValue();
        return new Written(value, number.getPrec(), number.getScale(), number.isExact(),
                number.getParserPosition(), digits == null ? value.abs().toString() : digits);
    }

    /** The unsigned digits of the number's source text, or {@code null} when it is not a plain number. */
    private String digits(SqlParserPos pos) {
        String written = written(pos);
        if (written == null) {
            return null;
        }
        // A parenthesised number's position covers its parentheses; its sign may stand apart from it.
        String unsigned = written.replaceAll("^[\\s(+-]+|[\\s)]+$", "");
        return NUMBER.matcher(unsigned).matches() ? unsigned : null;
    }

    /** The source text at {@code pos}, or {@code null} for a node the parser did not place. */
    private String written(SqlParserPos pos) {
        if (pos.getLineNum() < 1) {
            return null;
        }
        int start = text.index(pos.getLineNum(), pos.getColumnNum());
        int end = text.index(pos.getEndLineNum(), pos.getEndColumnNum()) + 1;
        return end > text.sql().length() || start >= end ? null : text.sql().substring(start, end);
    }

    /** A number that renders its written digits, negative ones in parentheses. */
    static final class Written extends SqlNumericLiteral {

        private final String digits;

        Written(BigDecimal value, Integer prec, Integer scale, boolean exact, SqlParserPos pos, String digits) {
            super(value, prec, scale, exact, pos);
            this.digits = digits;
        }

        @Override
        public Written clone(SqlParserPos pos) {
            return new Written(bigDecimalValue(), getPrec(), getScale(), isExact(), pos, digits);
        }

        @Override
        public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
            writer.literal(bigDecimalValue().signum() < 0 ? "(-" + digits + ")" : digits);
        }
    }
}
