import { Paragraph, Title } from '../../../components/typography';

/** The title and one-line introduction that open each section of the home page. */
export function SectionHeading({ id, title, intro }: { id: string; title: string; intro: string }) {
  return (
    <div style={{ marginBottom: 24, maxWidth: 720 }}>
      <Title
        id={id}
        level={2}
        style={{ marginTop: 0, marginBottom: 8, fontSize: 'clamp(24px, 4vw, 30px)' }}
      >
        {title}
      </Title>
      <Paragraph type="secondary" style={{ fontSize: 16, margin: 0 }}>
        {intro}
      </Paragraph>
    </div>
  );
}
