package io.codemode4j.bridge.internal;

/**
 * UTF-8 sizes without encoding: limits are in bytes, and encoding a large string only to measure it
 * is waste.
 */
public final class Utf8 {

  private Utf8() {}

  public static int length(CharSequence text) {
    int bytes = 0;
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        bytes++;
      } else if (c < 0x800) {
        bytes += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(text.charAt(i + 1))) {
        bytes += 4;
        i++;
      } else {
        bytes += 3;
      }
    }
    return bytes;
  }
}
