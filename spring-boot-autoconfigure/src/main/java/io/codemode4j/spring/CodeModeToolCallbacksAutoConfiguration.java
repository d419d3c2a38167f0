package io.codemode4j.spring;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import java.util.ArrayList;
import java.util.List;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Spring AI {@link ToolCallback}s for {@code run_javascript} and {@code discover_tools}, and one
 * {@link ToolCallbackProvider} of both ({@code codeModeToolCallbacks}) to hand a {@code
 * ChatClient}.
 *
 * <p>Decided: the callbacks back off by bean name, not type ({@code runJavascriptToolCallback},
 * {@code discoverToolsToolCallback}, {@code codeModeToolCallbacks}), since an application has tool
 * callbacks of its own; only present when Spring AI is on the class path.
 */
@AutoConfiguration(after = CodeModeAutoConfiguration.class)
@ConditionalOnClass(ToolCallback.class)
@ConditionalOnBean(CodeMode.class)
public class CodeModeToolCallbacksAutoConfiguration {

  @Bean
  @ConditionalOnMissingBean(name = "runJavascriptToolCallback")
  public CodeModeToolCallback runJavascriptToolCallback(
      CodeMode codeMode, CodeModePrincipals principals) {
    RunContext view = RunContext.of("spring-definition", principals.principalFor(null));
    return new CodeModeToolCallback(codeMode.tool(view), codeMode.outerTool(), principals);
  }

  @Bean
  @ConditionalOnMissingBean(name = "discoverToolsToolCallback")
  @ConditionalOnBean(ToolDiscovery.class)
  public CodeModeToolCallback discoverToolsToolCallback(
      ToolDiscovery discovery, CodeModePrincipals principals) {
    return new CodeModeToolCallback(discovery.tool(), discovery.outerTool(), principals);
  }

  @Bean
  @ConditionalOnMissingBean(name = "codeModeToolCallbacks")
  public ToolCallbackProvider codeModeToolCallbacks(
      @Qualifier("runJavascriptToolCallback") ToolCallback runJavascript,
      @Qualifier("discoverToolsToolCallback") ObjectProvider<ToolCallback> discoverTools) {
    List<ToolCallback> callbacks = new ArrayList<>();
    callbacks.add(runJavascript);
    discoverTools.ifAvailable(callbacks::add);
    return ToolCallbackProvider.from(callbacks);
  }
}
