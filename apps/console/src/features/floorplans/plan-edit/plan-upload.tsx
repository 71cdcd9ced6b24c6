import { Button, FileButton, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { PLAN_UPLOAD_MAX_MB } from '../../../api/plan-jobs';

/** What the file picker offers (SPEC §4: PNG, JPEG, or a PDF's first page; the server says if it takes PDF). */
export const PLAN_FILE_TYPES = 'image/png,image/jpeg,application/pdf';

/**
 * SPEC §2.7 plan toolbar 'upload image': a file picker with the accepted types and size limit in
 * words, and the upload's progress (SPEC §7: up to 600 s) while it is sent.
 */
export function PlanUpload({
  hasImage,
  progress,
  disabled,
  onFile,
}: {
  /** An image is already being placed: the button offers another. */
  hasImage: boolean;
  /** The fraction sent, while an upload runs; null otherwise. */
  progress: number | null;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const uploading = progress !== null;
  return (
    <Stack gap={6}>
      <FileButton onChange={(file) => file && onFile(file)} accept={PLAN_FILE_TYPES} disabled={disabled}>
        {(props) => (
          <Button
            {...props}
            leftSection={<IconUpload size={16} aria-hidden />}
            variant={hasImage ? 'default' : 'filled'}
            loading={uploading}
            disabled={disabled}
          >
            {hasImage ? 'Upload another image' : 'Upload image'}
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        A PNG or JPEG image (or a PDF’s first page) of the floor, up to {PLAN_UPLOAD_MAX_MB} MB.
      </Text>
      {uploading && (
        <Stack gap={4}>
          <Progress value={Math.round(progress * 100)} aria-label="Uploading the plan image" animated />
          <Text size="xs" c="dimmed" role="status">
            Uploading… {Math.round(progress * 100)} %
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
