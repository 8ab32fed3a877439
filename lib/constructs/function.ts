import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CfnElement, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { type ICommandHooks, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { type Config, environmentVariables } from '../../lambdas/shared/config';
import { bundleAliases } from '../bundle-aliases';

export { bundleAliases };

/** Repository root: handler modules in the route table are relative to it. */
export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Variables a function may get in AWS: every name of `lambdas/shared/config.ts` except
 * `AWS_REGION` (Lambda sets it) and the local-only `*_ENDPOINT` emulator overrides; all
 * are required but the settings that may be left out ({@link optionalEnvironment}).
 */
export type FunctionEnvironmentName = Exclude<keyof Config, 'AWS_REGION' | `${string}_ENDPOINT`>;

/** The environment every function shares; `TABLE_NAME` comes from the `table` prop. */
export type SharedEnvironment = Record<
  Exclude<
    FunctionEnvironmentName,
    'TABLE_NAME' | 'PROVIDER_ADDRESS' | 'IDENTITY_LINK_BASE' | 'REPORT_SIGNING_LOCAL_DIR'
  >,
  string
> & { PROVIDER_ADDRESS?: string; IDENTITY_LINK_BASE?: string };

/**
 * Variables that may be left out (a setting left out), and the local signer's folder, which
 * no function in AWS has (they sign with the KMS key).
 */
const optionalEnvironment = new Set([
  'PROVIDER_ADDRESS',
  'IDENTITY_LINK_BASE',
  'REPORT_SIGNING_LOCAL_DIR',
]);

const requiredEnvironment = environmentVariables.filter(
  (name) => name !== 'AWS_REGION' && !name.endsWith('_ENDPOINT') && !optionalEnvironment.has(name),
);

/**
 * ESM output has no `require`; CommonJS dependencies bundled into it call it, so the
 * banner defines one before any bundled code runs.
 */
const requireBanner =
  "import { createRequire as __createRequire } from 'node:module';" +
  'const require = __createRequire(import.meta.url);';

/**
 * The esbuild options the `bundling` props below amount to, for building a function's
 * bundle outside CDK exactly as CDK builds it (the functions bench, the bundle tests).
 */
export function functionBundleOptions(entry: string, outfile: string) {
  return {
    entryPoints: [entry],
    outfile,
    absWorkingDir: repositoryRoot,
    bundle: true,
    platform: 'node' as const,
    format: 'esm' as const,
    target: 'node22',
    mainFields: ['module', 'main'],
    banner: { js: requireBanner },
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    alias: { ...bundleAliases },
    logLevel: 'silent' as const,
  };
}

/** A file copied next to a function's bundle (read by the handler at run time). */
export interface BundledFile {
  /** Absolute path of the file on the machine that synthesizes. */
  readonly source: string;
  /** File name (or path) relative to the bundle's folder, i.e. to the handler module at run time. */
  readonly target: string;
}

/** A single-quoted word for the POSIX shell that runs bundling command hooks. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export interface AppFunctionProps {
  /** Handler module relative to the repository root (a route table `handler`); it exports `handler`. */
  readonly handlerModule: string;
  /**
   * The application table: the function gets `TABLE_NAME` (lambdas/shared/config.ts
   * requires it of every function) and, unless `tableAccess` is `none`, read/write access.
   */
  readonly table: ITableV2;
  /**
   * `none` for functions that never touch the table (e.g. a Cognito trigger).
   * @default 'readWrite'
   */
  readonly tableAccess?: 'readWrite' | 'none';
  /** Values for the rest of the function environment. */
  readonly environment: SharedEnvironment;
  /**
   * Memory in MB; CPU scales with it, so 512 keeps cold starts of the bundled SDK short.
   * @default 512
   */
  readonly memorySize?: number;
  /**
   * Kept well under API Gateway's 30 s integration limit.
   * @default Duration.seconds(10)
   */
  readonly timeout?: Duration;
  /**
   * @default RetentionDays.ONE_MONTH
   */
  readonly logRetention?: RetentionDays;
  /**
   * Files the handler reads at run time (fonts, WebAssembly) that esbuild cannot bundle:
   * copied into the bundle's folder after bundling, so they ship in the function's asset.
   * @default - none
   */
  readonly bundledFiles?: readonly BundledFile[];
  /**
   * Function description. A changed description also replaces warm instances, which drops
   * values they cached at cold start.
   * @default - none
   */
  readonly description?: string;
}

/**
 * Bundling hooks that copy `files` into the output folder once esbuild is done. Local
 * bundling runs them through the shell, so paths are quoted; a missing source fails synth.
 */
function copyAfterBundling(files: readonly BundledFile[]): ICommandHooks {
  return {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (_inputDir, outputDir) =>
      files.flatMap(({ source, target }) => {
        if (isAbsolute(target) || target.split(/[\\/]/).includes('..')) {
          throw new Error(`Bundled file target must stay inside the bundle: ${target}`);
        }
        const destination = join(outputDir, target);
        return [
          `mkdir -p ${shellQuote(dirname(destination))}`,
          `cp ${shellQuote(source)} ${shellQuote(destination)}`,
        ];
      }),
  };
}

/**
 * A Lambda function with the project's defaults: Node.js 22 on arm64, ESM bundle with
 * source maps, active tracing, its own log group and a role limited to what it is granted.
 */
export class AppFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: Role;
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: AppFunctionProps) {
    super(scope, id);

    this.logGroup = new LogGroup(this, 'LogGroup', {
      retention: props.logRetention ?? RetentionDays.ONE_MONTH,
    });

    // An own role instead of the default one: the default attaches the AWS managed
    // AWSLambdaBasicExecutionRole, which may write to every log group in the account.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    });
    this.logGroup.grantWrite(this.role);

    const environment: Record<string, string> = {
      ...props.environment,
      TABLE_NAME: props.table.tableName,
      NODE_OPTIONS: '--enable-source-maps',
    };
    const missing = requiredEnvironment.filter((name) => !environment[name]);
    if (missing.length > 0) {
      throw new Error(`${id}: no value for environment variable(s) ${missing.join(', ')}`);
    }

    this.function = new NodejsFunction(this, 'Function', {
      entry: join(repositoryRoot, props.handlerModule),
      handler: 'handler',
      projectRoot: repositoryRoot,
      depsLockFilePath: join(repositoryRoot, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      description: props.description,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      tracing: Tracing.ACTIVE,
      role: this.role,
      logGroup: this.logGroup,
      environment,
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        banner: requireBanner,
        minify: true,
        sourceMap: true,
        sourcesContent: false,
        // The SDK is bundled, not taken from the runtime, so AWS runs the version
        // package.json pins and the tests ran against.
        externalModules: [],
        esbuildArgs: Object.fromEntries(
          Object.entries(bundleAliases).map(([name, path]) => [`--alias:${name}`, path]),
        ),
        forceDockerBundling: false,
        ...(props.bundledFiles?.length
          ? { commandHooks: copyAfterBundling(props.bundledFiles) }
          : {}),
      },
    });

    Validations.of(this).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'The design pins nodejs22.x (Node 22 LTS, maintained until April 2027); moving to ' +
        'nodejs24.x is a one-line change in this construct once the project adopts it.',
    });
    Validations.of(this.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active tracing needs xray:PutTraceSegments and xray:PutTelemetryRecords, which ' +
        'support no resource-level permissions (X-Ray authorization reference).',
    });

    if ((props.tableAccess ?? 'readWrite') === 'readWrite') {
      props.table.grantReadWriteData(this.function);
      const tableId = Stack.of(this).getLogicalId(props.table.node.defaultChild as CfnElement);
      Validations.of(this.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${tableId}.Arn>/index/*]`,
        reason:
          'Queries on the global secondary indexes of the application table (gsi1) are part ' +
          'of the documented access patterns; the grant is limited to that one table.',
      });
    }
  }
}
