package io.browserflow.cli;

import io.browserflow.api.json.FlowJson;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code browserflow validate FILE...}: reads and validates flows, printing every problem. */
@Command(name = "validate", mixinStandardHelpOptions = true,
    description = "Read and validate flow files; print every problem with its code and JSON path.")
final class ValidateCommand implements Callable<Integer> {
  @Parameters(arity = "1..*", paramLabel = "FILE", description = "Flow files (.flow.json).")
  List<Path> files;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    int code = BrowserflowCommand.OK;
    for (FlowFiles.Loaded l : FlowFiles.read(files, FlowJson.reader())) {
      if (l.error != null) {
        FlowFiles.printError(spec.commandLine().getErr(), l.file, l.error);
        code = BrowserflowCommand.USAGE;
      } else {
        spec.commandLine().getOut().println(l.file + ": valid (" + l.flow.id() + ", digest " + FlowJson.digest(l.flow) + ")");
      }
    }
    return code;
  }
}
