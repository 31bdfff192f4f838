import { Alert, Button, Descriptions, Flex, Modal, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { PanelLink, PanelTest } from '@crimsonhost/shared/vendor-panels';
import { SurfaceCard } from '../../../components/surface-card';
import { useToast } from '../../../components/use-toast';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useDemoPanelLink } from '../api/get-demo-panel-link';
import { useListingPanel } from '../api/get-listing-panel';
import { useSaveListingPanel } from '../api/save-listing-panel';
import { useTestListingPanel } from '../api/test-listing-panel';
import { useUnlinkListingPanel } from '../api/unlink-listing-panel';
import { Dated } from './dated';
import { PanelLinkForm } from './panel-link-form';

const TITLE = <h2 style={{ fontSize: 16, margin: 0 }}>Game panel</h2>;

/** A connection test's result: green when the panel answered, amber with what to fix when not. */
function TestResult({ test }: { test: Pick<PanelTest, 'ok' | 'message' | 'testedAt'> }) {
  return (
    <Alert
      type={test.ok ? 'success' : 'warning'}
      showIcon
      role="status"
      title={test.message}
      description={
        <Typography.Text type="secondary">
          Tested <Dated at={test.testedAt} withTime />
        </Typography.Text>
      }
    />
  );
}

/** Asks before the link goes: renters of this server can then no longer start or stop it here. */
function UnlinkDialog({
  listingId,
  open,
  onClose,
}: {
  listingId: string;
  open: boolean;
  onClose: () => void;
}) {
  const unlink = useUnlinkListingPanel();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setFailure(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      title="Unlink the game panel?"
      okText="Unlink"
      okButtonProps={{ danger: true }}
      cancelText="Keep it"
      confirmLoading={unlink.isPending}
      onOk={() => {
        setFailure(null);
        unlink.mutate(listingId, {
          onSuccess: () => {
            toast('success', 'The game panel is unlinked.');
            close();
          },
          onError: (error) => setFailure(describeApiError(toApiError(error))),
        });
      }}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Renters of this server can no longer start, stop or restart it from their rental, and its
        saved key is deleted. You can link it again at any time.
      </Typography.Paragraph>
      {failure && <Alert type="error" showIcon role="alert" title={failure} />}
    </Modal>
  );
}

/** The saved link: where, which server, the key's last characters, and the last test. */
function LinkSummary({ link }: { link: PanelLink }) {
  return (
    <Descriptions
      size="small"
      column={1}
      items={[
        {
          key: 'url',
          label: 'Panel address',
          children: (
            <Flex wrap gap={8} align="center" style={{ minWidth: 0 }}>
              <span style={{ overflowWrap: 'anywhere' }}>{link.url}</span>
              {link.demo && <Tag>Demo panel</Tag>}
            </Flex>
          ),
        },
        { key: 'server', label: 'Server identifier', children: link.serverIdentifier },
        {
          key: 'key',
          label: 'Client API key',
          children: link.keyHint ? (
            <span>
              <span aria-hidden>••••</span>
              <span className="visually-hidden">ending in </span>
              {link.keyHint}
            </span>
          ) : (
            'Saved'
          ),
        },
        { key: 'linked', label: 'Linked', children: <Dated at={link.linkedAt} withTime /> },
      ]}
    />
  );
}

/**
 * The listing's game panel (issue 16 point 5): the Pterodactyl panel renters' start, stop and
 * restart go through. The vendor links it, tests it (the result in plain words), changes it or
 * unlinks it; the key is never shown after it is saved, only its last 4 characters.
 */
export function PanelLinkCard({ listingId }: { listingId: string }) {
  const panel = useListingPanel(listingId);
  const demo = useDemoPanelLink(listingId);
  const save = useSaveListingPanel();
  const test = useTestListingPanel();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [unlinking, setUnlinking] = useState(false);
  const [testFailure, setTestFailure] = useState<string | null>(null);

  if (panel.isPending) {
    return (
      <SurfaceCard title={TITLE} role="status" aria-label="Loading the game panel" aria-busy="true">
        <Skeleton active paragraph={{ rows: 3 }} />
      </SurfaceCard>
    );
  }
  if (panel.data === undefined) {
    return (
      <SurfaceCard title={TITLE}>
        <Alert
          type="error"
          showIcon
          role="alert"
          title={`The game panel could not be loaded. ${describeApiError(toApiError(panel.error))}`}
          action={
            <Button size="small" onClick={() => void panel.refetch()}>
              Try again
            </Button>
          }
        />
      </SurfaceCard>
    );
  }

  const link = panel.data;
  const form = (
    <PanelLinkForm
      key={link ? link.linkedAt : 'new'}
      link={link}
      saving={save.isPending}
      save={(input) => save.mutateAsync({ id: listingId, input })}
      onSaved={() => {
        setEditing(false);
        setTestFailure(null);
        toast('success', 'The panel link is saved. Test the connection to check it works.');
      }}
      onCancel={link ? () => setEditing(false) : undefined}
      demo={demo.data ?? null}
    />
  );

  return (
    <SurfaceCard title={TITLE}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          Renters start, stop and restart this server through your Pterodactyl panel&apos;s Client
          API.
        </Typography.Text>
        {!link ? (
          <>
            <Typography.Text>
              Not linked yet: renters cannot control the server here.
            </Typography.Text>
            {form}
          </>
        ) : editing ? (
          form
        ) : (
          <>
            <LinkSummary link={link} />
            {test.isPending ? (
              <Alert type="info" showIcon role="status" title="Asking the panel…" />
            ) : (
              link.lastTest && <TestResult test={link.lastTest} />
            )}
            {testFailure && <Alert type="error" showIcon role="alert" title={testFailure} />}
            <Flex wrap gap={8}>
              <Button
                type="primary"
                loading={test.isPending}
                onClick={() => {
                  setTestFailure(null);
                  test.mutate(listingId, {
                    onError: (error) => setTestFailure(describeApiError(toApiError(error))),
                  });
                }}
              >
                Test connection
              </Button>
              <Button onClick={() => setEditing(true)}>Change link</Button>
              <Button danger onClick={() => setUnlinking(true)}>
                Unlink
              </Button>
            </Flex>
            <UnlinkDialog
              listingId={listingId}
              open={unlinking}
              onClose={() => setUnlinking(false)}
            />
          </>
        )}
      </Flex>
    </SurfaceCard>
  );
}
