package io.codemode4j.sql;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlNodeList;
import org.apache.calcite.sql.SqlNumericLiteral;
import org.apache.calcite.sql.SqlSyntax;
import org.apache.calcite.sql.fun.SqlLibraryOperators;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * Gives every {@code ::} cast the operand DuckDB gives it.
 *
 * <p>DuckDB, like PostgreSQL, binds {@code ::} tighter than every operator: {@code 2.7 - 1::INT} is
 * {@code 2.7 - (1::INT)}, 1.7. Calcite 1.42's Babel parser instead casts all of the expression it has read
 * so far, building {@code CAST(2.7 - 1 AS INT)}, 2, and then reads what follows as applying to that cast
 * ({@code a + b::INT * c} becomes {@code ((a + b)::INT) * c}). The tree is wrong before anything renders it,
 * so the repair is at the parse. For each {@code ::} whose operand Babel took to be an operator expression,
 * the operand DuckDB takes is found by going down that expression's right-hand side through the binary and
 * prefix operators that {@code ::} binds tighter than (arithmetic, comparison, {@code AND}, {@code OR},
 * {@code NOT}, {@code ||}, {@code LIKE}, {@code BETWEEN}, ...), stopping at anything written in parentheses,
 * a name, a literal, a call, {@code CASE}, a subquery, and at {@code IN}, {@code IS ...}, {@code EXISTS} and
 * quantified comparisons, which DuckDB casts whole, as Babel does. A signed number is a unary minus of a
 * literal for DuckDB ({@code -5::VARCHAR} is {@code -(5::VARCHAR)}, an error), so its sign stays outside.
 * Then the text is parsed again with that operand and its cast in parentheses, which Babel reads as one
 * primary, until no cast needs it.
 *
 * <p>Re-parsing rather than rotating the tree, because the misreading also changes how the operators
 * after the cast group, which only the parser can redo; and parentheses around a primary and its cast
 * change nothing of DuckDB's reading of the text. Where the tree's positions do not let the operand be
 * found for certain, the query is refused with the rewrite to write instead, never guessed. Refusals of
 * the re-parsed tree are moved to their positions in the submitted text ({@link Reparsed#inSubmittedText}).
 */
final class CastPrecedence {

    static final String PARENTHESISE_HINT = "the operand of '::' cannot be told for certain here: put the cast "
            + "and its operand in parentheses, e.g. a + (b::INTEGER) or (a + b)::INTEGER, or write "
            + "CAST(b AS INTEGER)";

    private CastPrecedence() {
    }

    /**
     * A parse whose {@code ::} casts all have DuckDB's operands.
     *
     * @param query  the tree, parsed from {@code parsed}
     * @param parsed the text it was parsed from: the submitted text, with parentheses added where needed
     * @param origin for each character index of {@code parsed} (and its end), the index in the submitted
     *               text of the character there or, for an added parenthesis, of the next one; {@code null}
     *               when nothing was added
     */
    record Reparsed(SqlNode query, SqlScan submitted, SqlScan parsed, int[] origin) {

        /** {@code refused}, reported where its element stands in the submitted text. */
        SqlRefusedException inSubmittedText(SqlRefusedException refused) {
            SqlRefusal refusal = refused.refusal();
            if (origin == null || (refusal.line() == 1 && refusal.column() == 1)) {
                return refused;
            }
            int at = origin[parsed.index(refusal.line(), refusal.column())];
            return new SqlRefusedException(new SqlRefusal(refusal.reason(), refusal.element(),
                    submitted.line(at), submitted.column(at), refusal.message()));
        }
    }

    /** {@code query}, parsed from {@code submitted}, or a re-parse in which every cast has DuckDB's operand. */
    static Reparsed reparse(SqlScan submitted, SqlNode query) throws SqlRefusedException {
        SqlScan scan = submitted;
        SqlNode tree = query;
        int[] origin = null;
        // Each round puts at least one more cast in parentheses, so there are at most as many rounds as casts.
        int rounds = countCasts(submitted.sql()) + 1;
        for (int round = 0; round < rounds; round++) {
            List<Parentheses> additions = new ArrayList<>();
            collect(scan, tree, additions);
            if (additions.isEmpty()) {
                return new Reparsed(tree, submitted, scan, origin);
            }
            int firstCast = origin == null ? additions.getFirst().open() : origin[additions.getFirst().open()];
            Patched patched = insert(scan.sql(), additions);
            origin = origin == null ? patched.origin() : compose(origin, patched.origin());
            scan = SqlScan.of(patched.sql());
            try {
                tree = QueryParser.parseWithBabel(scan);
            } catch (SqlRefusedException e) {
                throw ambiguous(submitted, firstCast);
            }
        }
        throw ambiguous(submitted, 0);
    }

    /** A pair of parentheses to add: before character {@code open}, and after character {@code close}. */
    private record Parentheses(int open, int close) {
    }

    /** Finds, in the whole tree, the casts whose operand must be put in parentheses. */
    private static void collect(SqlScan scan, SqlNode node, List<Parentheses> additions)
            throws SqlRefusedException {
        if (node instanceof SqlNodeList list) {
            for (SqlNode element : list) {
                collect(scan, element, additions);
            }
        } else if (node instanceof SqlCall call) {
            if (call.getOperator() == SqlLibraryOperators.INFIX_CAST) {
                castOperand(scan, call, additions);
            }
            for (SqlNode operand : call.getOperandList()) {
                if (operand != null) {
                    collect(scan, operand, additions);
                }
            }
        }
    }

    /** Adds the parentheses a cast needs around DuckDB's operand and the type, if Babel took another one. */
    private static void castOperand(SqlScan scan, SqlCall cast, List<Parentheses> additions)
            throws SqlRefusedException {
        SqlNode written = cast.operand(0);
        SqlNode operand = written;
        while (operand instanceof SqlCall call && bindsLooserThanCast(call) && !parenthesised(scan, call)) {
            SqlNode last = call.getOperandList().getLast();
            if (last == null || end(scan, last) != end(scan, call)) {
                throw ambiguous(scan, start(scan, call));
            }
            operand = last;
        }
        int open = start(scan, operand);
        if (operand instanceof SqlNumericLiteral && !parenthesised(scan, operand) && isSign(scan.sql().charAt(open))) {
            open = afterSign(scan.sql(), open);
        } else if (operand == written) {
            return;
        }
        if (operand instanceof SqlCall call && call.getOperator() == SqlLibraryOperators.INFIX_CAST
                && !parenthesised(scan, call)) {
            // Babel gives an unparenthesised cast no position of its own: it cannot be located safely.
            throw ambiguous(scan, open);
        }
        int typeEnd = end(scan, cast.operand(1));
        if (!onlyCastBetween(scan, end(scan, operand), index(scan, cast.operand(1).getParserPosition()))) {
            throw ambiguous(scan, open);
        }
        additions.add(new Parentheses(open, typeEnd));
    }

    /**
     * Operators that {@code ::} binds tighter than and whose last operand ends the expression: binary and
     * prefix operators, {@code BETWEEN}, {@code LIKE} and {@code SIMILAR TO}. Not {@code IN} (its list or
     * subquery is not an expression) nor quantified comparisons, nor postfix {@code IS ...} nor
     * {@code EXISTS}: DuckDB casts those whole.
     */
    private static boolean bindsLooserThanCast(SqlCall call) {
        SqlKind kind = call.getKind();
        if (kind == SqlKind.IN || kind == SqlKind.NOT_IN || kind == SqlKind.SOME || kind == SqlKind.ALL
                || kind == SqlKind.EXISTS || kind == SqlKind.UNIQUE || kind == SqlKind.CAST) {
            return false;
        }
        SqlSyntax syntax = call.getOperator().getSyntax();
        return syntax == SqlSyntax.BINARY || syntax == SqlSyntax.PREFIX
                || kind == SqlKind.BETWEEN || kind == SqlKind.LIKE || kind == SqlKind.SIMILAR;
    }

    /**
     * Whether the node was written in parentheses: Calcite widens a parenthesised expression's position to
     * its parentheses, so its first character opens the parenthesis its last one closes.
     */
    private static boolean parenthesised(SqlScan scan, SqlNode node) {
        int start = start(scan, node);
        int end = end(scan, node);
        return scan.sql().charAt(start) == '(' && matchingClose(scan, start) == end;
    }

    private static int matchingClose(SqlScan scan, int open) {
        String sql = scan.sql();
        int depth = 0;
        for (int i = open; i < sql.length(); i++) {
            if (!scan.isCode(i)) {
                continue;
            }
            char c = sql.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** Whether only {@code ::}, white space and comments stand after {@code operandEnd} and before {@code typeStart}. */
    private static boolean onlyCastBetween(SqlScan scan, int operandEnd, int typeStart) {
        StringBuilder code = new StringBuilder();
        for (int i = operandEnd + 1; i < typeStart; i++) {
            if (scan.isCode(i) && !Character.isWhitespace(scan.sql().charAt(i))) {
                code.append(scan.sql().charAt(i));
            }
        }
        return code.toString().equals("::");
    }

    /** The index after a number's sign and the white space after it: DuckDB applies the sign after the cast. */
    private static int afterSign(String sql, int start) {
        int i = start;
        while (i < sql.length() && (isSign(sql.charAt(i)) || Character.isWhitespace(sql.charAt(i)))) {
            i++;
        }
        return i;
    }

    private static boolean isSign(char c) {
        return c == '-' || c == '+';
    }

    private static int start(SqlScan scan, SqlNode node) {
        return index(scan, node.getParserPosition());
    }

    private static int end(SqlScan scan, SqlNode node) {
        SqlParserPos pos = node.getParserPosition();
        return scan.index(pos.getEndLineNum(), pos.getEndColumnNum());
    }

    private static int index(SqlScan scan, SqlParserPos pos) {
        return scan.index(pos.getLineNum(), pos.getColumnNum());
    }

    /**
     * A text with parentheses added.
     *
     * @param origin for each index of {@code sql} and its end, the index in the text before; an added
     *               parenthesis maps to the character after it
     */
    private record Patched(String sql, int[] origin) {
    }

    private static Patched insert(String sql, List<Parentheses> additions) {
        // At one index, closing parentheses go before opening ones; the pairs nest or are disjoint.
        record Mark(int before, char paren) {
        }
        List<Mark> marks = new ArrayList<>();
        for (Parentheses p : additions) {
            marks.add(new Mark(p.open(), '('));
            marks.add(new Mark(p.close() + 1, ')'));
        }
        marks.sort(Comparator.comparingInt(Mark::before).thenComparing(m -> m.paren() == '('));
        StringBuilder out = new StringBuilder(sql.length() + marks.size());
        int[] origin = new int[sql.length() + marks.size() + 1];
        int next = 0;
        for (int i = 0; i <= sql.length(); i++) {
            while (next < marks.size() && marks.get(next).before() == i) {
                origin[out.length()] = i;
                out.append(marks.get(next++).paren());
            }
            origin[out.length()] = i;
            if (i < sql.length()) {
                out.append(sql.charAt(i));
            }
        }
        return new Patched(out.toString(), origin);
    }

    /** The mapping to the submitted text of a text made in two steps. */
    private static int[] compose(int[] earlier, int[] step) {
        int[] origin = new int[step.length];
        for (int i = 0; i < step.length; i++) {
            origin[i] = earlier[step[i]];
        }
        return origin;
    }

    private static int countCasts(String sql) {
        int count = 0;
        for (int i = sql.indexOf("::"); i >= 0; i = sql.indexOf("::", i + 2)) {
            count++;
        }
        return count;
    }

    private static SqlRefusedException ambiguous(SqlScan scan, int index) {
        return new SqlRefusedException(new SqlRefusal(RefusalReason.UNSUPPORTED_SYNTAX, "::",
                scan.line(index), scan.column(index), PARENTHESISE_HINT));
    }
}
