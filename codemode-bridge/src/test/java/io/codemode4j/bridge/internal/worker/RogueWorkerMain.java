package io.codemode4j.bridge.internal.worker;

import java.io.DataOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A worker that says it is ready, then answers every {@code run} with a frame the parent does not
 * know ({@code dnoe}): the protocol error a buggy or hostile worker makes.
 */
final class RogueWorkerMain {

  private RogueWorkerMain() {}

  public static void main(String[] args) throws Exception {
    DataOutputStream out = new DataOutputStream(System.out);
    Frames.Writer parent = new Frames.Writer(System.out);
    parent.write(new Frame.Ready());
    Frames.Reader frames = new Frames.Reader(System.in, Frames.FROM_PARENT);
    for (Frame frame; (frame = frames.read()) != null; ) {
      if (frame instanceof Frame.Run run) {
        byte[] bytes =
            ("{\"type\":\"dnoe\",\"passId\":\"" + run.passId() + "\",\"message\":\"m\"}")
                .getBytes(StandardCharsets.UTF_8);
        synchronized (parent) {
          out.writeInt(bytes.length);
          out.write(bytes);
          out.flush();
        }
      }
    }
  }
}
