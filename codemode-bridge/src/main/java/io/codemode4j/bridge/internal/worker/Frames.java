package io.codemode4j.bridge.internal.worker;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The parent-worker protocol: each frame is a 4-byte big-endian length and that many bytes of UTF-8
 * JSON, an object with a {@code type}. Frames over {@link #MAX_FRAME_BYTES} are a protocol error (a
 * worker that sends one is treated as crashed), so neither side can be made to buffer without
 * bound.
 */
final class Frames {

  static final int MAX_FRAME_BYTES = 64 * 1024 * 1024;
  static final JsonMapper JSON = JsonMapper.builder().build();

  private Frames() {}

  /** Writes frames; safe to share between threads. */
  static final class Writer {
    private final DataOutputStream out;

    Writer(OutputStream out) {
      this.out = new DataOutputStream(new java.io.BufferedOutputStream(out, 1 << 16));
    }

    synchronized void write(ObjectNode frame) throws IOException {
      byte[] bytes = JSON.writeValueAsBytes(frame);
      out.writeInt(bytes.length);
      out.write(bytes);
      out.flush();
    }

    void close() {
      try {
        out.close();
      } catch (IOException e) {
        // The other side is gone; nothing is left to tell it.
      }
    }
  }

  /** Reads frames; one thread at a time. Returns {@code null} at the end of the stream. */
  static final class Reader {
    private final DataInputStream in;

    Reader(InputStream in) {
      this.in = new DataInputStream(new java.io.BufferedInputStream(in, 1 << 16));
    }

    JsonNode read() throws IOException {
      int length;
      try {
        length = in.readInt();
      } catch (EOFException e) {
        return null;
      }
      if (length < 0 || length > MAX_FRAME_BYTES) {
        throw new IOException("frame of " + length + " bytes is outside 0.." + MAX_FRAME_BYTES);
      }
      byte[] bytes = in.readNBytes(length);
      if (bytes.length != length) {
        return null;
      }
      return JSON.readTree(new String(bytes, StandardCharsets.UTF_8));
    }
  }

  static ObjectNode frame(String type) {
    return JSON.createObjectNode().put("type", type);
  }
}
