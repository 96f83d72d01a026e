import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useListBlogsQuery } from '../../lib/api/client';
import { paragraphs } from './paragraphs';

/** /blogs: every blog in a two-column grid; the route loader fetched them before rendering. */
export function BlogsPage() {
  const blogs = useListBlogsQuery({}).data?.items ?? [];

  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        Blogs
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' },
        }}
      >
        {blogs.map((blog) => (
          <Card key={blog._id} component="article" variant="outlined">
            <CardContent>
              <Typography variant="h5" component="h2" gutterBottom>
                {blog.title}
              </Typography>
              {paragraphs(blog.details).map((paragraph, index) => (
                <Typography
                  key={index}
                  color="text.secondary"
                  sx={{ mb: 1.5, whiteSpace: 'pre-line' }}
                >
                  {paragraph}
                </Typography>
              ))}
            </CardContent>
          </Card>
        ))}
      </Box>
    </>
  );
}
