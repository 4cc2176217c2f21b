import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ConfigError, type S3Config } from '../../config.ts';
import {
  UPLOAD_CACHE_CONTROL,
  UPLOAD_NAME,
  widthCopies,
  type ImageStore,
  type StoredUpload,
} from './images.ts';

/**
 * Objects are kept under this prefix, so every image URL ends in `/uploads/<name>` whether the
 * shop or S3_PUBLIC_URL serves it: housekeeping finds the uploads a row names by that path, and
 * the web derives the width copies from it (the contract's images.ts).
 */
const PREFIX = 'uploads/';

/** The SDK's error names for an object that is not there (GetObject's, HeadObject's). */
function isMissing(error: unknown): boolean {
  const e = error as { name?: string };
  return e.name === 'NoSuchKey' || e.name === 'NotFound';
}

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2...). Loaded only when
 * S3_BUCKET is set: the AWS SDK is imported here, on first use, so a shop on its own disk never
 * loads it. `pageSize` (tests only) makes the listing take several pages.
 */
export async function createS3ImageStore(
  settings: S3Config,
  options: { pageSize?: number } = {},
): Promise<ImageStore> {
  const sdk = await import('@aws-sdk/client-s3');
  const { bucket, publicUrl } = settings;
  const client = new sdk.S3Client({
    // Requests are signed for a region: another service than AWS mostly takes any (us-east-1 is
    // what they expect when told nothing); on AWS the SDK's lookup finds the bucket's.
    region: settings.region ?? (settings.endpoint ? 'us-east-1' : undefined),
    credentials: settings.credentials,
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 30_000 },
    ...(settings.endpoint
      ? {
          endpoint: settings.endpoint,
          // Bucket names as paths: most services (and local ones) have no per-bucket host names.
          forcePathStyle: true,
          // The SDK's default CRC checksums (aws-chunked uploads with trailers) are AWS's own;
          // many S3-compatible services refuse or mangle them. Only where an operation needs one.
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
          responseChecksumValidation: 'WHEN_REQUIRED' as const,
        }
      : {}),
  });
  try {
    // Found now rather than failing the first upload (AWS_REGION, the AWS config file; no network).
    await client.config.region();
  } catch {
    client.destroy();
    throw new ConfigError([
      'S3_REGION: required for AWS S3 when the AWS SDK finds no region (AWS_REGION, the AWS config file)',
    ]);
  }
  const urlOf = (name: string) => `${publicUrl ?? ''}/${PREFIX}${name}`;
  const put = (name: string, data: Buffer) =>
    client.send(
      new sdk.PutObjectCommand({
        Bucket: bucket,
        Key: PREFIX + name,
        Body: data,
        ContentType: 'image/webp',
        // For a CDN or the bucket's own web address serving it straight from the bucket.
        CacheControl: UPLOAD_CACHE_CONTROL,
      }),
    );

  /** The stored name a URL of this store names: `/uploads/<name>` or under S3_PUBLIC_URL. */
  const nameIn = (url: string): string | null => {
    for (const base of publicUrl ? ['', publicUrl] : ['']) {
      const start = `${base}/${PREFIX}`;
      if (url.startsWith(start)) {
        const name = url.slice(start.length);
        return UPLOAD_NAME.test(name) ? name : null;
      }
    }
    return null;
  };

  return {
    async save(webp) {
      const id = randomUUID();
      // The copies first: once the full-size object (the answered URL) exists, so do they.
      const copies = await Promise.allSettled(
        (await widthCopies(webp)).map((copy) => put(`${id}-${copy.width}.webp`, copy.data)),
      );
      // Every write settled before the upload fails: none is left running after the answer.
      const failed = copies.find((copy) => copy.status === 'rejected');
      if (failed) throw failed.reason;
      await put(`${id}.webp`, webp);
      return urlOf(`${id}.webp`);
    },

    async has(url) {
      const name = nameIn(url);
      if (!name) return false;
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: PREFIX + name }));
        return true;
      } catch (error) {
        // Anything else (no access, no bucket, no answer) is the shop's fault, not the caller's.
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async *list(): AsyncIterable<StoredUpload> {
      // ListObjects (v1) pages on by the last key, which every S3-compatible service answers;
      // v2's continuation tokens are the service's own make (s3rver's fail on OpenSSL 3).
      let marker: string | undefined;
      for (;;) {
        const page = await client.send(
          new sdk.ListObjectsCommand({
            Bucket: bucket,
            Prefix: PREFIX,
            Marker: marker,
            MaxKeys: options.pageSize,
          }),
        );
        const contents = page.Contents ?? [];
        for (const object of contents) {
          if (!object.Key || !object.LastModified) continue;
          yield {
            name: object.Key.slice(PREFIX.length),
            modifiedMs: object.LastModified.getTime(),
          };
        }
        marker = page.NextMarker ?? contents.at(-1)?.Key;
        if (!page.IsTruncated || !marker) return;
      }
    },

    async remove(names) {
      // At most 1000 keys per request (S3's limit), in the order given.
      for (let i = 0; i < names.length; i += 1000) {
        const answer = await client.send(
          new sdk.DeleteObjectsCommand({
            Bucket: bucket,
            Delete: {
              Objects: names.slice(i, i + 1000).map((name) => ({ Key: PREFIX + name })),
              Quiet: true,
            },
          }),
        );
        const failed = answer.Errors ?? [];
        if (failed.length > 0) {
          throw new Error(
            `The bucket kept ${failed.length} of the uploads to delete; the first: ` +
              `${failed[0]!.Key} (${failed[0]!.Code}: ${failed[0]!.Message})`,
          );
        }
      }
    },

    async open(name, etag) {
      if (!UPLOAD_NAME.test(name)) return null;
      try {
        const object = await client.send(
          new sdk.GetObjectCommand({ Bucket: bucket, Key: PREFIX + name, IfNoneMatch: etag }),
        );
        if (!(object.Body instanceof Readable)) {
          throw new Error('The S3 client answered a body that is not a Node stream');
        }
        return {
          notModified: false,
          body: object.Body,
          length: object.ContentLength,
          etag: object.ETag,
          lastModified: object.LastModified,
        };
      } catch (error) {
        if (isMissing(error)) return null;
        // The SDK reports a 304 (the caller's copy is current) as an error with no body.
        if (
          (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 304
        )
          return { notModified: true, etag };
        throw error;
      }
    },

    async close() {
      client.destroy();
    },
  };
}
