package io.codemode4j.bridge.internal.worker;

import java.io.IOException;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * A frame the reading side refuses: not JSON, of an unknown type or one this side does not accept,
 * missing a field or with a field of the wrong type, or over {@link Frames#MAX_FRAME_BYTES}. The
 * stream it came from cannot be trusted past it: the parent ends the pass {@code internal} and
 * replaces the worker; a worker exits.
 *
 * <p>Decided: an {@link IOException}, since it is a failure of the stream like a broken pipe, and a
 * subclass of its own so that each side can tell a sender's bug from the sender's death.
 */
final class FrameProtocolException extends IOException {

  private final @Nullable String received;
  private final Set<FrameType> accepted;

  /**
   * @param received the {@code type} the frame had; null when it had none or was not read as JSON
   * @param accepted the frame types the reading side accepts
   * @param problem what is wrong with the frame
   */
  FrameProtocolException(@Nullable String received, Set<FrameType> accepted, String problem) {
    super(message(received, accepted, problem));
    this.received = received;
    this.accepted = Set.copyOf(accepted);
  }

  /** The {@code type} the frame had; null when it had none or was not read as JSON. */
  @Nullable String received() {
    return received;
  }

  Set<FrameType> accepted() {
    return accepted;
  }

  private static String message(
      @Nullable String received, Set<FrameType> accepted, String problem) {
    return "refused a frame of type "
        + (received == null ? "(none)" : "'" + received + "'")
        + ": "
        + problem
        + " (this side accepts "
        + accepted.stream().sorted().map(FrameType::wireName).collect(Collectors.joining(", "))
        + ")";
  }
}
