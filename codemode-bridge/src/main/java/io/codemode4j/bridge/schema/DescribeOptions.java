package io.codemode4j.bridge.schema;

import io.codemode4j.bridge.CodeMode;

/**
 * How much {@link CodeMode#describe} may return. It takes 1 to {@value #MAX_PATHS} paths.
 *
 * @param maxBytes the most UTF-8 bytes of declarations, 1 to {@value #MAX_BYTES} (default {@value
 *     #DEFAULT_MAX_BYTES}); more fails the whole call, never a cut declaration
 */
public record DescribeOptions(int maxBytes) {

  public static final int MAX_PATHS = 64;
  public static final int DEFAULT_MAX_BYTES = 16 * 1024;
  public static final int MAX_BYTES = 256 * 1024;

  public DescribeOptions {
    if (maxBytes < 1 || maxBytes > MAX_BYTES) {
      throw new IllegalArgumentException(
          "maxBytes must be 1.." + MAX_BYTES + " (256 KiB), was " + maxBytes);
    }
  }

  /** A cap of {@value #DEFAULT_MAX_BYTES} bytes (16 KiB). */
  public static DescribeOptions defaults() {
    return new DescribeOptions(DEFAULT_MAX_BYTES);
  }
}
