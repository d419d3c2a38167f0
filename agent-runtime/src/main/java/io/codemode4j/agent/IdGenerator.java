package io.codemode4j.agent;

import java.util.UUID;

/**
 * Mints the ids of a run and of the tool calls whose ids the model left out (Ollama sends none).
 * The host replaces it to correlate runs with its own records, or to make transcripts repeatable.
 */
public interface IdGenerator {

  /** A random UUID per run, {@code <runId>:call-<n>} per minted call id. */
  IdGenerator RANDOM =
      new IdGenerator() {
        @Override
        public String runId() {
          return "run-" + UUID.randomUUID();
        }

        @Override
        public String callId(String runId, int sequence) {
          return runId + ":call-" + sequence;
        }
      };

  String runId();

  /** The id of the {@code sequence}-th (from 1) call of run {@code runId} that came without one. */
  String callId(String runId, int sequence);
}
