import fs from 'node:fs';
import path from 'node:path';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { tempDir } from './helpers.ts';

/** s3rver's only account (its own defaults): it checks every request's signature against it. */
const KEY = 'S3RVER';

export interface TestBucket {
  bucket: string;
  /** The S3_* variables that put a shop's uploads in this bucket. */
  env: Record<string, string>;
  /** A client of the tests' own, to look at the bucket the way any other program would. */
  client: S3Client;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  read(key: string): Promise<Buffer>;
  put(key: string, body: Buffer | string): Promise<void>;
  /** Makes an object look `ms` old: s3rver answers its file's modification time. */
  age(key: string, ms: number): Promise<void>;
  /** Empties the bucket. */
  clear(): Promise<void>;
  close(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An S3-compatible server (s3rver) on a loopback port with one empty bucket, files in a temp folder. */
export async function startTestBucket(bucket = 'partsmith-uploads'): Promise<TestBucket> {
  const directory = tempDir('partsmith-s3-');
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: KEY, secretAccessKey: KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  /** The size of each object put through `put`, to know when s3rver has written all of it. */
  const sizes = new Map<string, number>();
  const keys = async () => {
    // Fewer than 1000 objects in a test: one page.
    const page = await client.send(new ListObjectsCommand({ Bucket: bucket }));
    return (page.Contents ?? []).map((object) => object.Key!).sort();
  };
  return {
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    },
    client,
    keys,
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body }));
      sizes.set(key, Buffer.byteLength(body));
    },
    async age(key, ms) {
      const file = path.join(directory, bucket, `${key}._S3rver_object`);
      // s3rver answers a put once it has handed the body to the file's stream, not once the
      // stream has written it (its filesystem store's putObject): a write still under way would
      // make the file new again after this. So: the whole body on disk, then the age, checked.
      const size = sizes.get(key);
      const at = new Date(Date.now() - ms);
      for (let i = 0; i < 250; i++) {
        const stat = fs.statSync(file, { throwIfNoEntry: false });
        if (stat && (size === undefined || stat.size === size)) {
          fs.utimesSync(file, at, at);
          const aged = () => Math.abs(fs.statSync(file).mtimeMs - at.getTime()) < 1000;
          await pause(10);
          if (aged()) {
            await pause(20);
            if (aged()) return;
          }
        } else await pause(20);
      }
      throw new Error(`${key} in the test bucket could not be made ${ms} ms old`);
    },
    async clear() {
      const all = await keys();
      if (all.length === 0) return;
      await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: all.map((Key) => ({ Key })) },
        }),
      );
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
