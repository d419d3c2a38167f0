package io.codemode4j.mcp;

import java.time.Duration;
import java.util.Objects;

/**
 * How {@code run_javascript} hands back a large result: by reference. A result whose JSON is over
 * {@code thresholdBytes}, or that the model's egress budget could not hold, is kept on the server
 * and the tool result carries a {@code resource_link} to it ({@code
 * codemode://results/{id}/pages/0}); the model reads a bounded summary (row count, columns, the
 * first rows). The rows are read page by page, {@code pageRows} a page, the page number being the
 * last segment of the URI; each page names the next one.
 *
 * <p>Decided: a kept result is readable only by the client whose call made it (the stdio session;
 * over HTTP, the token's principal) for {@code ttl}; the server keeps at most {@code maxResults}
 * results and {@code maxBytes} bytes of their JSON over all clients, and evicts the oldest first. A
 * read of an expired, evicted or unknown result is an MCP error saying which and what to do, never
 * data. A Code Mode that redacts its egress keeps every result inline, since a link would hand out
 * the rows unredacted.
 *
 * @param thresholdBytes result JSON above which the result goes by reference, 1 KiB..64 MiB
 * @param pageRows rows in one page, 1..100,000
 * @param ttl how long a result stays readable, 1 ms..24 h
 * @param maxResults results kept at once over all clients, 1..100,000
 * @param maxBytes bytes of result JSON kept at once over all clients, 1 KiB..4 GiB
 */
public record ResultLinks(
    int thresholdBytes, int pageRows, Duration ttl, int maxResults, long maxBytes) {

  public static final int DEFAULT_THRESHOLD_BYTES = 64 * 1024;
  public static final int DEFAULT_PAGE_ROWS = 500;
  public static final Duration DEFAULT_TTL = Duration.ofMinutes(15);
  public static final int DEFAULT_MAX_RESULTS = 256;
  public static final long DEFAULT_MAX_BYTES = 256L * 1024 * 1024;

  /** The defaults: 64 KiB, 500 rows a page, 15 minutes, 256 results, 256 MiB. */
  public static final ResultLinks DEFAULTS =
      new ResultLinks(
          DEFAULT_THRESHOLD_BYTES,
          DEFAULT_PAGE_ROWS,
          DEFAULT_TTL,
          DEFAULT_MAX_RESULTS,
          DEFAULT_MAX_BYTES);

  public ResultLinks {
    Objects.requireNonNull(ttl, "ttl");
    within("thresholdBytes", thresholdBytes, 1024, 64L * 1024 * 1024);
    within("pageRows", pageRows, 1, 100_000);
    within("maxResults", maxResults, 1, 100_000);
    within("maxBytes", maxBytes, 1024, 4L * 1024 * 1024 * 1024);
    if (ttl.compareTo(Duration.ofMillis(1)) < 0 || ttl.compareTo(Duration.ofHours(24)) > 0) {
      throw new IllegalArgumentException(
          "the result links' ttl must be 1ms..24h, was " + ttl + ": give e.g. 15m");
    }
  }

  /** These links with results going by reference above {@code bytes}. */
  public ResultLinks withThresholdBytes(int bytes) {
    return new ResultLinks(bytes, pageRows, ttl, maxResults, maxBytes);
  }

  /** These links with results readable for {@code value}. */
  public ResultLinks withTtl(Duration value) {
    return new ResultLinks(thresholdBytes, pageRows, value, maxResults, maxBytes);
  }

  /** These links with {@code rows} a page. */
  public ResultLinks withPageRows(int rows) {
    return new ResultLinks(thresholdBytes, rows, ttl, maxResults, maxBytes);
  }

  /** These links keeping at most {@code results} results and {@code bytes} bytes. */
  public ResultLinks withCapacity(int results, long bytes) {
    return new ResultLinks(thresholdBytes, pageRows, ttl, results, bytes);
  }

  private static void within(String name, long value, long min, long max) {
    if (value < min || value > max) {
      throw new IllegalArgumentException(
          "the result links' " + name + " must be " + min + ".." + max + ", was " + value);
    }
  }
}
