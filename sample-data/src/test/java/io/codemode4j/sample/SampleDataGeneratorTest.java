package io.codemode4j.sample;

import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SampleDataGeneratorTest {

  @TempDir Path dir;

  @Test
  void generate_nullConfig_namesConfigInMessage() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> SampleDataGenerator.generate(null, dir, ProgressListener.silent()))
        .withMessage("config must not be null");
  }

  @Test
  void generate_nullOutDir_namesOutDirInMessage() {
    assertThatIllegalArgumentException()
        .isThrownBy(
            () ->
                SampleDataGenerator.generate(
                    GeneratorConfig.bundled(), null, ProgressListener.silent()))
        .withMessage("outDir must not be null");
  }

  @Test
  void generate_nullListener_namesListenerInMessage() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> SampleDataGenerator.generate(GeneratorConfig.bundled(), dir, null))
        .withMessage("listener must not be null");
  }
}
