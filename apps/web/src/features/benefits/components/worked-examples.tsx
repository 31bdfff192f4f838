import { Card, Col, Row, Typography } from 'antd';
import type { BenefitsProgram } from '@crimsonhost/shared/benefits';
import { workedExamples } from '../benefits-figures';

/** Worked examples whose figures follow the programme: an admin's new threshold shows here too. */
export function WorkedExamples({ program }: { program: BenefitsProgram }) {
  const examples = workedExamples(program);
  if (examples.length === 0) return null;
  return (
    <Row gutter={[16, 16]}>
      {examples.map((example) => (
        <Col key={example.id} xs={24} lg={8}>
          <Card style={{ height: '100%' }}>
            <section aria-labelledby={example.id}>
              <Typography.Title id={example.id} level={3} style={{ fontSize: 18, marginTop: 0 }}>
                {example.title}
              </Typography.Title>
              <ol style={{ margin: 0, paddingInlineStart: 20 }}>
                {example.steps.map((step) => (
                  <li key={step} style={{ marginBottom: 8 }}>
                    {step}
                  </li>
                ))}
              </ol>
            </section>
          </Card>
        </Col>
      ))}
    </Row>
  );
}
