package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The allowlist's verdict on a text does not depend on the stack of the thread that asks: texts
 * nested around {@link QueryParser#MAX_NESTING}, in each shape the parsers and the walker recurse
 * on, are decided alike on a virtual thread, on a platform thread of 256 KiB and on one of 64 MiB.
 */
class NestingDepthTest {

  private static final int LIMIT = QueryParser.MAX_NESTING;

  private static final QueryPolicy POLICY = QueryPolicy.unscoped(10);

  /**
   * Approves and refuses every shape once on a roomy stack before any test starves one. The JVM
   * links a string concatenation or a lambda the first time it runs, and keeps a failure of that
   * linking for the call site (JVMS 5.4.3): linked first on a spent stack, a refusal's message
   * would fail with {@code BootstrapMethodError} in every later test of this JVM.
   */
  @BeforeAll
  static void linkEveryPathOnARoomyStack() throws Exception {
    for (Shape shape : Shape.values()) {
      for (int depth : new int[] {LIMIT, LIMIT + 1}) {
        outcome(shape.text.apply(depth), Thread.ofPlatform().stackSize(64L << 20));
      }
    }
  }

  /** What approve() did: approved, refused (reason and message) or threw. */
  record Outcome(String verdict) {}

  private enum Shape {
    PARENTHESES(d -> "SELECT " + "(".repeat(d) + "1" + ")".repeat(d)),
    SUMS(d -> "SELECT " + "(1 + ".repeat(d) + "1" + ")".repeat(d)),
    CALLS(d -> "SELECT " + "abs(".repeat(d) + "amount_cents" + ")".repeat(d) + " FROM invoices"),
    SUBQUERIES(d -> "SELECT * FROM (".repeat(d) + "SELECT 1 AS x" + ") t".repeat(d)),
    EXISTS(
        d ->
            "SELECT 1 FROM invoices WHERE "
                + "EXISTS (SELECT 1 FROM invoices WHERE ".repeat(d)
                + "TRUE"
                + ")".repeat(d)),
    BRACKETS(d -> "SELECT " + "ARRAY[".repeat(d) + "1" + "]".repeat(d)),
    CASES(
        d ->
            "SELECT "
                + "CASE WHEN amount_cents > 0 THEN ".repeat(d)
                + "1"
                + " ELSE 0 END".repeat(d)
                + " FROM invoices"),
    SCALAR_SUBQUERIES(d -> "SELECT " + "(SELECT ".repeat(d) + "1" + ")".repeat(d)),
    /** Parses flat, but is a tree one level deeper per operator ({@link TreeDepth}). */
    CHAIN(
        d ->
            "SELECT 1"
                + " + amount_cents".repeat(d * TreeDepth.MAX_DEPTH / LIMIT)
                + " FROM invoices");

    private final IntFunction<String> text;

    Shape(IntFunction<String> text) {
      this.text = text;
    }
  }

  static Stream<Arguments> nestedTexts() {
    List<Arguments> texts = new ArrayList<>();
    for (Shape shape : Shape.values()) {
      for (int depth : new int[] {LIMIT / 2, LIMIT - 1, LIMIT, LIMIT + 1, 2_000}) {
        texts.add(Arguments.of(shape, depth));
      }
    }
    return texts.stream();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(ints = {TreeDepth.MAX_DEPTH + 1, 4_000})
  void approve_operatorChainDeeperThanTheTreeLimit_isRefusedBeforeAnyPassRecurses(int terms) {
    String sql = "SELECT 1" + " + 1".repeat(terms);

    SqlRefusedException refused =
        catchThrowableOfType(
            SqlRefusedException.class, () -> SampleTables.allowlist().approve(sql, POLICY));

    assertThat(refused.refusal().reason()).isEqualTo(RefusalReason.TOO_COMPLEX);
    assertThat(refused.refusal().message())
        .contains("more than " + TreeDepth.MAX_DEPTH + " levels deep")
        .contains("chain of operators");
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("nestedTexts")
  void approve_nestedText_isDecidedAlikeOnEveryStack(Shape shape, int depth) throws Exception {
    String sql = shape.text.apply(depth);

    Outcome large = outcome(sql, Thread.ofPlatform().stackSize(64L << 20));
    Outcome small = outcome(sql, Thread.ofPlatform().stackSize(256 << 10));
    Outcome virtual = outcome(sql, Thread.ofVirtual());

    assertThat(small).as("256 KiB stack").isEqualTo(large);
    assertThat(virtual).as("virtual thread").isEqualTo(large);
    assertThat(large.verdict())
        .doesNotContain("StackOverflowError")
        .doesNotContain("thread's stack");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("lexicalShapes")
  void approve_nestedPastTheLimit_isRefusedWithTheDepthAndTheLimit(Shape shape) {
    SqlAllowlist allowlist = SampleTables.allowlist();
    SqlRefusedException refused =
        catchThrowableOfType(
            SqlRefusedException.class,
            () -> allowlist.approve(shape.text.apply(LIMIT + 1), POLICY));

    assertThat(refused).isNotNull();
    assertThat(refused.refusal().reason()).isEqualTo(RefusalReason.TOO_COMPLEX);
    assertThat(refused.refusal().element()).isEqualTo((LIMIT + 1) + " levels");
    assertThat(refused.refusal().message())
        .contains((LIMIT + 1) + " levels deep")
        .contains("the limit is " + LIMIT)
        .contains("flatten");
  }

  /** The shapes {@link QueryParser#MAX_NESTING} bounds: all but the operator chain. */
  static Stream<Shape> lexicalShapes() {
    return Stream.of(Shape.values()).filter(shape -> shape != Shape.CHAIN);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("lexicalShapes")
  void approve_outOfStackOnceThenOnALargeStack_isNotCachedAsTheVerdict(Shape shape)
      throws Exception {
    SqlAllowlist allowlist = SampleTables.allowlist();
    String sql = shape.text.apply(LIMIT);
    Outcome expected = outcome(sql, Thread.ofPlatform().stackSize(64L << 20));

    Outcome[] starved = new Outcome[1];
    Thread.ofPlatform()
        .stackSize(1 << 20)
        .start(() -> approveWithTheStackSpent(allowlist, sql, starved))
        .join();
    Outcome after = outcome(allowlist, sql, Thread.ofPlatform().stackSize(64L << 20));

    assertThat(starved[0].verdict()).startsWith("TOO_COMPLEX").contains("thread's stack");
    assertThat(after).isEqualTo(expected);
  }

  /**
   * Running out of stack can happen anywhere in an approval, also inside the parser pool that every
   * allowlist of the process shares: a lock left held there once parked every later approval for
   * ever. After many stack-starved approvals of every shape, a plain one still answers.
   */
  @Test
  void approve_afterManyStackStarvedApprovals_stillAnswers() throws Exception {
    Outcome[] plain = new Outcome[1];
    Thread all =
        Thread.ofPlatform()
            .start(
                () -> {
                  try {
                    for (int round = 0; round < 20; round++) {
                      for (Shape shape : Shape.values()) {
                        SqlAllowlist allowlist = SampleTables.allowlist();
                        String sql = shape.text.apply(LIMIT);
                        Thread.ofPlatform()
                            .stackSize(1 << 20)
                            .start(() -> approveWithTheStackSpent(allowlist, sql, new Outcome[1]))
                            .join();
                      }
                    }
                    SampleTables.allowlist().approve("SELECT region FROM invoices", POLICY);
                    plain[0] = new Outcome("approved");
                  } catch (SqlRefusedException e) {
                    plain[0] = new Outcome(e.getMessage());
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                });

    assertThat(all.join(Duration.ofSeconds(60))).as("answered within 60 s").isTrue();
    assertThat(plain[0]).isEqualTo(new Outcome("approved"));
  }

  /**
   * Recurses until the stack is spent, then approves {@code sql} in the deepest frame that can: a
   * frame where approve() itself runs out passes the error up, and the next frame tries again with
   * a little more stack, so the outcome recorded is that of an approval starved of stack.
   */
  private static void approveWithTheStackSpent(
      SqlAllowlist allowlist, String sql, Outcome[] starved) {
    try {
      approveWithTheStackSpent(allowlist, sql, starved);
    } catch (StackOverflowError spent) {
      if (starved[0] == null) {
        try {
          allowlist.approve(sql, POLICY);
          starved[0] = new Outcome("approved");
        } catch (SqlRefusedException refused) {
          // String.concat, not +: an invokedynamic concatenation linked on this spent stack fails.
          starved[0] =
              new Outcome(
                  refused
                      .refusal()
                      .reason()
                      .name()
                      .concat(": ")
                      .concat(refused.refusal().message()));
        }
      }
    }
  }

  private static Outcome outcome(String sql, Thread.Builder thread) throws InterruptedException {
    // A new allowlist per run, so that no run reads another's cached outcome.
    return outcome(SampleTables.allowlist(), sql, thread);
  }

  private static Outcome outcome(SqlAllowlist allowlist, String sql, Thread.Builder thread)
      throws InterruptedException {
    Outcome[] outcome = new Outcome[1];
    Thread running =
        thread.start(
            () -> {
              try {
                allowlist.approve(sql, POLICY);
                outcome[0] = new Outcome("approved");
              } catch (SqlRefusedException refused) {
                outcome[0] =
                    new Outcome(refused.refusal().reason() + ": " + refused.refusal().message());
              } catch (RuntimeException | Error thrown) {
                outcome[0] = new Outcome("threw " + thrown);
              }
            });
    running.join();
    return outcome[0];
  }
}
