package io.codemode4j.bridge.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.CodeExecutionLimits;
import java.time.Duration;
import org.graalvm.polyglot.PolyglotException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

// Alone (no other class of this module beside it, issue 32): it counts the refill threads of the
// whole JVM.
@Isolated
class ContextPoolIT {

  private static final CodeExecutionLimits LIMITS = CodeExecutionLimits.defaults();
  private static final String NONE = "{}";

  /** Ample for preparing a context on a loaded machine; only a broken refill waits it out. */
  private static final Duration REFILL = Duration.ofSeconds(30);

  /**
   * How long a refill that was not asked for is given to show up: nothing but a take or a waiting
   * pass asks, so none comes however long this is.
   */
  private static final Duration NO_REFILL = Duration.ofMillis(500);

  @Test
  void take_twice_givesTwoDistinctContextsThatNoProgramHasSeen() {
    try (ContextPool pool = new ContextPool(new Sandbox(), 2)) {
      PreparedContext first = pool.take(LIMITS, NONE);
      first.context().eval("js", "globalThis.leak = 1; Object.prototype.polluted = 1;");
      PreparedContext second = pool.take(LIMITS, NONE);

      assertThat(second.context()).isNotSameAs(first.context());
      assertThat(second.context().eval("js", "typeof leak + ',' + typeof ({}).polluted").asString())
          .isEqualTo("undefined,undefined");
      first.close();
      second.close();
    }
  }

  @Test
  void take_leavingAContextReady_refillsOnlyOnceThePassWaits() throws InterruptedException {
    try (ContextPool pool = new ContextPool(new Sandbox(), 2)) {
      pool.take(LIMITS, NONE).close();
      assertThat(pool.awaitReady(2, REFILL)).isTrue();

      PreparedContext taken = pool.take(LIMITS, NONE);

      assertThat(pool.awaitReady(2, NO_REFILL)).isFalse();
      pool.passWaiting();
      assertThat(pool.awaitReady(2, REFILL)).isTrue();
      taken.close();
    }
  }

  @Test
  void take_ofTheLastReadyContext_refillsAtOnce() throws InterruptedException {
    try (ContextPool pool = new ContextPool(new Sandbox(), 1)) {
      pool.take(LIMITS, NONE).close();
      assertThat(pool.awaitReady(1, REFILL)).isTrue();

      PreparedContext taken = pool.take(LIMITS, NONE);

      assertThat(pool.awaitReady(1, REFILL)).isTrue();
      taken.close();
    }
  }

  @Test
  void take_otherLimitsThanTheReadyContexts_givesAContextBuiltForThem() {
    try (ContextPool pool = new ContextPool(new Sandbox(), 2)) {
      pool.take(LIMITS, NONE).close();
      PreparedContext shallow =
          pool.take(LIMITS.withMaxStackFrames(60).withMaxCpuTime(Duration.ofSeconds(1)), NONE);

      assertThatThrownBy(() -> shallow.context().eval("js", "const f = (n) => f(n + 1) + 1; f(0)"))
          .isInstanceOfSatisfying(
              PolyglotException.class, e -> assertThat(e.isResourceExhausted()).isTrue())
          .hasMessageContaining("60");
      shallow.close();
    }
  }

  @Test
  void take_otherNamespacesThanTheReadyContexts_givesExactlyThoseNamespaces() {
    try (ContextPool pool = new ContextPool(new Sandbox(), 2)) {
      pool.take(LIMITS, "{\"a\": [\"x\"]}").close();
      PreparedContext other = pool.take(LIMITS, "{\"b\": [\"y\"]}");

      assertThat(other.context().eval("js", "typeof a + ',' + typeof b.y").asString())
          .isEqualTo("undefined,function");
      other.close();
    }
  }

  @Test
  void take_withoutReadyContexts_preparesOnTheCallersThreadAndStartsNoThread() {
    long before = refillThreads();
    try (ContextPool pool = new ContextPool(new Sandbox(), 0)) {
      PreparedContext context = pool.take(LIMITS, "{\"a\": [\"x\"]}");

      assertThat(context.context().eval("js", "typeof a.x").asString()).isEqualTo("function");
      assertThat(refillThreads()).isEqualTo(before);
      context.close();
    }
  }

  @Test
  void close_stopsTheRefillThreadAndRefusesFurtherTakes() {
    long before = refillThreads();
    ContextPool pool = new ContextPool(new Sandbox(), 2);
    pool.take(LIMITS, NONE).close();
    assertThat(refillThreads()).isEqualTo(before + 1);

    pool.close();

    assertThat(refillThreads()).isEqualTo(before);
    assertThatThrownBy(() -> pool.take(LIMITS, NONE))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("Code Mode is closed");
  }

  /** Refill threads alive now, of any pool (other test classes' Code Modes may still be open). */
  private static long refillThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("codemode-context-pool"))
        .count();
  }
}
