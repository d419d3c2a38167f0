package io.codemode4j.sql.internal;

import io.codemode4j.sql.ApprovedQuery;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusal;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The outcomes of recent approvals, least recently used dropped first; thread-safe.
 *
 * <p>An approval is a pure function of the allowlist, the text and the policy (tenant and row
 * limit), so the {@link Approver} of each {@link SqlAllowlist} keeps one of these,, keyed by text
 * and policy. It holds refusals too: a refused text is as likely to be sent again (a model
 * retrying), and a refusal is often the costlier outcome (both parsers ran, and Babel's error
 * reporting takes milliseconds on some texts).
 *
 * <p>A synchronized access-ordered {@link LinkedHashMap} rather than Caffeine: a lookup is well
 * under a microsecond next to the hundreds it saves, and it adds no dependency and no class loading
 * to the CLI's cold start.
 */
final class ApprovalCache {

  /** What the outcome depends on besides the allowlist itself. */
  record Key(String sql, QueryPolicy policy) {}

  private final Map<Key, Object> outcomes;

  /** Holds at most {@code capacity} outcomes, at least one. */
  ApprovalCache(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be positive, got " + capacity);
    }
    this.outcomes =
        new LinkedHashMap<>(16, 0.75f, true) {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<Key, Object> eldest) {
            return size() > capacity;
          }
        };
  }

  /** The cached {@link ApprovedQuery} or {@link SqlRefusal} for {@code key}, or {@code null}. */
  synchronized @Nullable Object get(Key key) {
    return outcomes.get(key);
  }

  synchronized void put(Key key, ApprovedQuery approved) {
    outcomes.put(key, approved);
  }

  synchronized void put(Key key, SqlRefusal refusal) {
    outcomes.put(key, refusal);
  }

  synchronized int size() {
    return outcomes.size();
  }
}
