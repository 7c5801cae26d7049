package io.browserflow.cli;

import io.browserflow.api.ErrorCode;
import io.browserflow.api.json.FlowJson;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code browserflow validate FILE...}: reads and validates flows, printing every problem. */
@Command(name = "validate", mixinStandardHelpOptions = true,
    description = "Read and validate flow files; print every problem with its code and JSON path. "
        + "Files in another format are converted first; exits 1 when a conversion is blocked, 2 when a file is invalid.")
final class ValidateCommand extends CliCommand {
  @Parameters(arity = "1..*", paramLabel = "FILE",
      description = "Flow files: browserflow/2 or /1, or any importable format (converted first; its report is printed).")
  List<Path> files;

  @Override
  public Integer call() {
    PrintWriter out = out();
    PrintWriter err = err();
    int code = BrowserflowCommand.OK;
    for (FlowFiles.Loaded l : FlowFiles.read(files, FlowJson.reader())) {
      if (l.error() != null) {
        FlowFiles.printError(err, l.file(), l.error());
        code = BrowserflowCommand.USAGE;
        continue;
      }
      if (l.converted()) {
        FlowFiles.printConversion(out, l.file(), l.conversion());
      }
      out.println(l.file() + ": valid (" + l.flow().id() + ", digest " + FlowJson.digest(l.flow()) + ")");
      if (!l.converted() && schemaV1(l.file())) {
        out.println(l.file() + ": written as " + io.browserflow.api.Flow.SCHEMA_V1 + ", read as " + io.browserflow.api.Flow.SCHEMA
            + "; `browserflow convert " + l.file() + " --to flow --out FILE` writes it as " + io.browserflow.api.Flow.SCHEMA);
      }
      if (l.blocked()) {
        err.println(l.file() + ": " + ErrorCode.REVIEW_REQUIRED + ": the conversion is blocked; run refuses it unless --force");
        code = Math.max(code, BrowserflowCommand.FAILED);
      }
    }
    return code;
  }

  private static boolean schemaV1(Path file) {
    try {
      return FlowJson.declaredSchema(java.nio.file.Files.readString(file)).filter(io.browserflow.api.Flow.SCHEMA_V1::equals).isPresent();
    } catch (java.io.IOException e) {
      return false;
    }
  }
}
