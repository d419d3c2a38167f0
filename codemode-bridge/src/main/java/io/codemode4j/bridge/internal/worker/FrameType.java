package io.codemode4j.bridge.internal.worker;

import java.util.EnumSet;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/** The {@code type} of a {@link Frame}, and which side sends it. */
enum FrameType {
  READY("ready", Side.WORKER),
  RUN("run", Side.PARENT),
  CALL("call", Side.WORKER),
  COMPLETION("completion", Side.PARENT),
  STOP("stop", Side.PARENT),
  DONE("done", Side.WORKER);

  /** The side that sends a frame. */
  enum Side {
    PARENT,
    WORKER
  }

  private final String wireName;
  private final Side sender;

  FrameType(String wireName, Side sender) {
    this.wireName = wireName;
    this.sender = sender;
  }

  String wireName() {
    return wireName;
  }

  /** The frame types {@code sender} sends, which the other side accepts. */
  static Set<FrameType> sentBy(Side sender) {
    EnumSet<FrameType> types = EnumSet.noneOf(FrameType.class);
    for (FrameType type : values()) {
      if (type.sender == sender) {
        types.add(type);
      }
    }
    return types;
  }

  /** The type named {@code wireName}; null for none. */
  static @Nullable FrameType named(String wireName) {
    for (FrameType type : values()) {
      if (type.wireName.equals(wireName)) {
        return type;
      }
    }
    return null;
  }
}
