package io.codemode4j.mcp.internal;

import io.codemode4j.mcp.ResultLinks;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Clock;
import java.time.Instant;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * What the server keeps for result links and chart resources: each value under a random id, with
 * its owner (the stdio session or the HTTP principal) and when it expires, bounded in count and
 * bytes over all owners (the oldest evicted first).
 *
 * <p>Decided: an id that expired or was evicted leaves a tombstone (at most {@value #TOMBSTONES},
 * the oldest dropped), so that its owner's later read says what happened rather than "unknown"; a
 * read by anyone else, or of an id never kept, says only that there is no such result for this
 * client, so a foreign client learns nothing of another's results.
 *
 * @param <V> what is kept
 */
final class ResultStore<V> {

  static final int TOMBSTONES = 4096;

  /** A value kept, its owner, its size and when it stops being readable. */
  private record Entry<V>(String owner, V value, long bytes, Instant expiresAt) {}

  /** Why an id is no longer readable. */
  private enum Gone {
    EXPIRED,
    EVICTED
  }

  private record Tombstone(String owner, Gone why, Instant at) {}

  private final String kind;
  private final ResultLinks limits;
  private final Clock clock;
  private final Map<String, Entry<V>> entries = new LinkedHashMap<>();
  private final Map<String, Tombstone> tombstones = new LinkedHashMap<>();
  private long bytes;

  /**
   * @param kind what a value is, as errors name it ("result", "chart")
   */
  public ResultStore(String kind, ResultLinks limits, Clock clock) {
    this.kind = Objects.requireNonNull(kind, "kind");
    this.limits = Objects.requireNonNull(limits, "limits");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** A value kept for {@code owner} and its id. */
  public record Kept(String id, Instant expiresAt) {}

  /**
   * Keeps {@code value} ({@code size} bytes) for {@code owner}, evicting the oldest values as the
   * bounds need; null when the value alone is over the bytes bound (it is not kept).
   */
  public synchronized @Nullable Kept put(String owner, V value, long size) {
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(value, "value");
    if (size > limits.maxBytes()) {
      return null;
    }
    Instant now = clock.instant();
    expire(now);
    Iterator<Map.Entry<String, Entry<V>>> oldest = entries.entrySet().iterator();
    while (oldest.hasNext()
        && (entries.size() >= limits.maxResults() || bytes + size > limits.maxBytes())) {
      Map.Entry<String, Entry<V>> evicted = oldest.next();
      oldest.remove();
      bytes -= evicted.getValue().bytes();
      bury(evicted.getKey(), evicted.getValue().owner(), Gone.EVICTED, now);
    }
    String id = UUID.randomUUID().toString();
    Instant expiresAt = now.plus(limits.ttl());
    entries.put(id, new Entry<>(owner, value, size, expiresAt));
    bytes += size;
    return new Kept(id, expiresAt);
  }

  /**
   * The value {@code id} names, for {@code owner}.
   *
   * @throws McpError resource not found, saying whether it expired, was evicted or is none of this
   *     client's
   */
  public synchronized V get(String owner, String id, String uri) {
    Instant now = clock.instant();
    expire(now);
    Entry<V> entry = entries.get(id);
    if (entry != null && entry.owner().equals(owner)) {
      return entry.value();
    }
    Tombstone tombstone = tombstones.get(id);
    String message;
    if (entry == null && tombstone != null && tombstone.owner().equals(owner)) {
      message =
          switch (tombstone.why()) {
            case EXPIRED ->
                "the "
                    + kind
                    + " at "
                    + uri
                    + " expired at "
                    + tombstone.at()
                    + " (the server keeps one "
                    + limits.ttl()
                    + "): run the program again for a new link";
            case EVICTED ->
                "the "
                    + kind
                    + " at "
                    + uri
                    + " was evicted at "
                    + tombstone.at()
                    + " to bound the server's memory (it keeps at most "
                    + limits.maxResults()
                    + " results and "
                    + limits.maxBytes()
                    + " bytes over all clients, the oldest evicted first): run the program again"
                    + " for a new link, and read it sooner";
          };
    } else {
      message =
          "no "
              + kind
              + " at "
              + uri
              + " for this client: a link is readable only by the client whose call made it,"
              + " for "
              + limits.ttl();
    }
    throw McpError.builder(McpSchema.ErrorCodes.RESOURCE_NOT_FOUND)
        .message(message)
        .data(uri)
        .build();
  }

  /** Values kept now, over all owners. */
  public synchronized int size() {
    return entries.size();
  }

  /**
   * Drops what expired: entries are in the order kept, and all live as long, so the oldest first.
   */
  private void expire(Instant now) {
    Iterator<Map.Entry<String, Entry<V>>> oldest = entries.entrySet().iterator();
    while (oldest.hasNext()) {
      Map.Entry<String, Entry<V>> e = oldest.next();
      if (!now.isAfter(e.getValue().expiresAt())) {
        return;
      }
      oldest.remove();
      bytes -= e.getValue().bytes();
      bury(e.getKey(), e.getValue().owner(), Gone.EXPIRED, e.getValue().expiresAt());
    }
  }

  private void bury(String id, String owner, Gone why, Instant at) {
    tombstones.put(id, new Tombstone(owner, why, at));
    if (tombstones.size() > TOMBSTONES) {
      Iterator<String> oldest = tombstones.keySet().iterator();
      oldest.next();
      oldest.remove();
    }
  }
}
