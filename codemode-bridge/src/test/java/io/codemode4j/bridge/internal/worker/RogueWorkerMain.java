package io.codemode4j.bridge.internal.worker;

import java.io.DataOutputStream;
import java.io.OutputStream;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A worker that says it is ready, then answers every {@code run} with a frame the parent does not
 * know ({@code dnoe}): the protocol error a buggy or hostile worker makes.
 */
final class RogueWorkerMain {

  private RogueWorkerMain() {}

  public static void main(String[] args) throws Exception {
    OutputStream socket =
        Channels.newOutputStream(SocketChannel.open(UnixDomainSocketAddress.of(Path.of(args[0]))));
    DataOutputStream out = new DataOutputStream(socket);
    Frames.Writer parent = new Frames.Writer(socket);
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
